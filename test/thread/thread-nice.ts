/** The nice value in a /proc/…/stat line (field 19; the command name in brackets may hold spaces). */
export function threadNice(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[16]);
}
