import type { Database as Db } from 'better-sqlite3';

/** One «Enviar» of a check: when, where, for whom, and how it ended. */
export interface SubmissionRecord {
  readonly id: number;
  readonly checkId: string;
  readonly startedAt: string;
  readonly finishedAt?: string;
  readonly environment: string;
  /** The one issuer sent (`issuer` option); absent when every issuer was. */
  readonly issuer?: string;
  readonly byStatus?: Readonly<Record<string, number>>;
  readonly interrupted: boolean;
  readonly failure?: string;
}

/** The «Enviar» of each check (migration 3): started, then finished with its counts, or interrupted. */
export interface SubmissionStore {
  startSubmission(s: { checkId: string; at: string; environment: string; issuer?: string }): number;
  finishSubmission(id: number, s: { at: string; byStatus?: Readonly<Record<string, number>>; interrupted: boolean; failure?: string }): void;
  /**
   * Takes back a submission refused before its run started (another program holds the journal, a login):
   * it sent nothing, and as the check's latest it would hide the one before, which may have sent everything.
   */
  withdrawSubmission(id: number): void;
  /** The latest submission of each check that has one. */
  latestSubmissions(): Map<string, SubmissionRecord>;
}

export function submissionStore(db: Db): SubmissionStore {
  const q = {
    startSubmission: db.prepare(`INSERT INTO submissions (check_id, started_at, environment, issuer) VALUES (@checkId, @at, @environment, @issuer)`),
    finishSubmission: db.prepare(
      `UPDATE submissions SET finished_at = @at, by_status_json = @byStatus, interrupted = @interrupted, failure = @failure WHERE id = @id`,
    ),
    withdrawSubmission: db.prepare(`DELETE FROM submissions WHERE id = ? AND finished_at IS NULL`),
    latestSubmissions: db.prepare(`SELECT * FROM submissions WHERE id IN (SELECT MAX(id) FROM submissions GROUP BY check_id)`),
  };
  type Raw = Record<string, string | number | null>;
  return {
    startSubmission: (s) => Number(q.startSubmission.run({ ...s, issuer: s.issuer ?? null }).lastInsertRowid),
    finishSubmission: (id, s) =>
      void q.finishSubmission.run({
        id,
        at: s.at,
        byStatus: s.byStatus === undefined ? null : JSON.stringify(s.byStatus),
        interrupted: s.interrupted ? 1 : 0,
        failure: s.failure ?? null,
      }),
    withdrawSubmission: (id) => void q.withdrawSubmission.run(id),
    latestSubmissions() {
      const out = new Map<string, SubmissionRecord>();
      for (const r of q.latestSubmissions.all() as Raw[]) {
        out.set(String(r['check_id']), {
          id: Number(r['id']),
          checkId: String(r['check_id']),
          startedAt: String(r['started_at']),
          ...(r['finished_at'] != null ? { finishedAt: String(r['finished_at']) } : {}),
          environment: String(r['environment']),
          ...(r['issuer'] != null ? { issuer: String(r['issuer']) } : {}),
          ...(r['by_status_json'] != null ? { byStatus: JSON.parse(String(r['by_status_json'])) as Record<string, number> } : {}),
          interrupted: Number(r['interrupted']) === 1,
          ...(r['failure'] != null ? { failure: String(r['failure']) } : {}),
        });
      }
      return out;
    },
  };
}
