/** The workspace's defaults, kept apart so the command line can show them without loading the server. */
export const DEFAULT_PORT = 7480;
export const DEFAULT_MAX_UPLOAD_MB = 200;
