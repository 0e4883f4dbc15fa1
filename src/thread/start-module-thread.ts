import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread running an ES module of this project. Built (`dist/…/x.js`), the module
 * runs as it is. From the TypeScript sources (tests, `tsx`), a worker does not inherit the parent's
 * `--import tsx` loader, so the thread first registers tsx's loader (a dev dependency, present
 * wherever the sources are run) and then imports the module.
 */
export function startModuleThread(moduleUrl: URL, workerData: unknown, resourceLimits: ResourceLimits = {}): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, { workerData, resourceLimits });
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/** The URL of a sibling module, `.js` when built, `.ts` from the sources (`name` without extension). */
export function siblingModule(importMetaUrl: string, name: string): URL {
  return new URL(`./${name}${importMetaUrl.endsWith('.ts') ? '.ts' : '.js'}`, importMetaUrl);
}
