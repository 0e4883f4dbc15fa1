import { useEffect, useRef, useState } from 'preact/hooks';
import type { CheckView, EditAnswer, ErrorCode, SheetPreview, ValueMapOfferView } from './api-client.js';
import { api, ApiError, shownError } from './api-client.js';
import type { BusyAsked } from './components/busy-elsewhere.js';
import { BusyElsewhere } from './components/busy-elsewhere.js';
import { CheckProgress } from './components/check-progress.js';
import { ColumnsStep } from './components/columns-step.js';
import { DownloadsPanel } from './components/downloads-panel.js';
import { FixPanel } from './components/fix-panel.js';
import { HistoryList } from './components/history-list.js';
import { ProblemGroups } from './components/problem-groups.js';
import { ResultsGrid } from './components/results-grid.js';
import { SheetStep } from './components/sheet-step.js';
import { SubmitPanel } from './components/submit-panel.js';
import { SummaryPanel } from './components/summary-panel.js';
import { UploadStep } from './components/upload-step.js';
import { ValueMapsPanel } from './components/value-maps-panel.js';
import { useSendingNow } from './sending-now.js';

type Screen =
  | { readonly kind: 'home' }
  | { readonly kind: 'columns'; readonly preview: SheetPreview }
  | {
      readonly kind: 'checking';
      readonly checkId: string;
      readonly fileName: string;
      readonly rowsRead: number;
      readonly invoices: number;
      /** The counts the check's last run came to, which this one should reach. */
      readonly expected?: { readonly rows: number; readonly invoices: number };
      /** A submission (offers «Detener»), not a check. */
      readonly sending: boolean;
      /** What the server said while it runs (the check reads the sheet again, and why). */
      readonly note?: string;
    }
  | { readonly kind: 'sheet'; readonly preview: SheetPreview }
  | { readonly kind: 'result'; readonly check: CheckView }
  /**
   * `checkId`: the check that failed, which «Revisar de nuevo» runs again from the sheet kept in the workspace;
   * `sendCut`: it was being sent when the server stopped (CheckView.sendCut), not checked.
   */
  | {
      readonly kind: 'failed';
      readonly fileName: string;
      readonly message: string;
      readonly checkId?: string;
      readonly previewed?: boolean;
      readonly sendCut?: boolean;
    };

/** The workspace: upload → columns (passed over when every required column matched) → check → review. */
export function App() {
  const [screen, setScreen] = useState<Screen>({ kind: 'home' });
  const [jump, setJump] = useState<{ row: number; n: number; letter?: string } | undefined>(undefined);
  /** Bumped when edits change outside the grid (replace, undo): the grid reads its page again. */
  const [editsVersion, setEditsVersion] = useState(0);
  /** A change replaced a value the catalogue does not know: the value map offered for remembering. */
  const [offer, setOffer] = useState<ValueMapOfferView | undefined>(undefined);
  /** Bumped when a value map is remembered: the list reads them again. */
  const [mapsVersion, setMapsVersion] = useState(0);
  /** Bumped when an upload is refused: the history reads the checks again. */
  const [historyVersion, setHistoryVersion] = useState(0);
  /**
   * The check whose «Revalidar», «Revisar la hoja» (columns) or «Enviar» the server refused because it is being sent or checked
   * from another tab or window: what was on screen stays, and says why.
   */
  const [elsewhere, setElsewhere] = useState<{ readonly checkId: string; readonly why: ErrorCode; readonly asked: BusyAsked } | undefined>(undefined);
  const edited = (a: EditAnswer, fromOutside: boolean): void => {
    setScreen({ kind: 'result', check: a.check });
    setOffer(a.offer);
    if (fromOutside) setEditsVersion((v) => v + 1);
  };

  /**
   * The latest move wins: each move the page makes (open a check, follow one, go home) takes a new
   * turn, and what an earlier one was still waiting for (a check fetched, a check's progress)
   * changes nothing once it comes. Without it, «factura-import» pressed while a reloaded page was
   * still opening its check was undone when the check arrived.
   */
  const turn = useRef(0);
  const stopWatching = useRef<() => void>(() => undefined);
  const nextTurn = (): (() => boolean) => {
    stopWatching.current();
    stopWatching.current = () => undefined;
    setElsewhere(undefined);
    const mine = ++turn.current;
    return () => turn.current === mine;
  };
  /** A move that waits for the server: takes its turn, and does `then` or `failed` only if no later move came meanwhile. */
  const inTurn = <T,>(answer: Promise<T>, then: (value: T) => void, failed: (err: unknown) => void): void => {
    const current = nextTurn();
    answer.then(
      (value) => {
        if (current()) then(value);
      },
      (err: unknown) => {
        if (current()) failed(err);
      },
    );
  };
  const finish = (checkId: string, fileName: string): void =>
    inTurn(
      api.check(checkId),
      (check) =>
        setScreen(
          check.state === 'failed'
            ? { kind: 'failed', fileName, message: check.failure ?? '', checkId, previewed: check.previewed, sendCut: check.sendCut }
            : { kind: 'result', check },
        ),
      (err) => setScreen({ kind: 'failed', fileName, message: shownError(err) }),
    );
  const watch = (checkId: string, fileName: string, sending = false): void => {
    const current = nextTurn();
    setJump(undefined);
    setOffer(undefined);
    setScreen({ kind: 'checking', checkId, fileName, rowsRead: 0, invoices: 0, sending });
    stopWatching.current = api.watch(checkId, (e) => {
      if (!current()) return;
      if (e.type === 'progress') {
        const { rowsRead, invoices, expected, note } = e;
        setScreen({
          kind: 'checking',
          checkId,
          fileName,
          rowsRead,
          invoices,
          ...(expected !== undefined ? { expected } : {}),
          ...(note !== undefined ? { note } : {}),
          sending,
        });
      } else if (e.type === 'done') finish(checkId, fileName);
      // A submission that could not start (a lock, a login) leaves the check as it was: back to its review, where the failure is said.
      else if (sending) finish(checkId, fileName);
      else setScreen({ kind: 'failed', fileName, message: e.message, checkId });
    });
  };
  const run = (preview: SheetPreview, mapping?: Record<string, string>, withIgv = false): void =>
    inTurn(
      api.runCheck(preview.checkId, mapping === undefined ? {} : { mapping, ...(withIgv ? { tipoRegistro: 'PRECIOS_CON_IGV' as const } : {}) }),
      () => watch(preview.checkId, preview.fileName),
      (err) => {
        if (!(err instanceof ApiError) || err.code === undefined) return setScreen({ kind: 'failed', fileName: preview.fileName, message: shownError(err) });
        // Being checked or sent from another tab: nothing ran; the columns chosen stay on screen, and the page says why.
        setScreen((s) => (s.kind === 'columns' && s.preview.checkId === preview.checkId ? s : { kind: 'columns', preview }));
        setElsewhere({ checkId: preview.checkId, why: err.code, asked: 'columns' });
      },
    );
  /** After upload (and the choice of sheet): check at once when every column matched, else the columns step. */
  const proceed = (p: SheetPreview): void => (p.autoMapped ? run(p) : setScreen({ kind: 'columns', preview: p }));
  const recheck = (checkId: string, fileName: string): void =>
    inTurn(
      api.runCheck(checkId, {}),
      () => watch(checkId, fileName),
      (err) => {
        // Being sent or checked from another tab: the screen stays (the review, with every edit), and says why nothing ran.
        if (err instanceof ApiError && err.code !== undefined) setElsewhere({ checkId, why: err.code, asked: 'recheck' });
        else setScreen({ kind: 'failed', fileName, message: shownError(err) });
      },
    );
  const open = (check: CheckView): void => {
    if (check.state === 'running') watch(check.id, check.fileName, check.sending);
    else finish(check.id, check.fileName);
  };
  /** Opens the check again as the server now has it (its submission while it runs). */
  const reopen = (checkId: string, fileName: string): void =>
    inTurn(api.check(checkId), open, (err) => setScreen({ kind: 'failed', fileName, message: shownError(err) }));
  /** The notice of a check refused because another tab checks or sends it, on whichever screen shows that check; none otherwise. */
  const busyNotice = (checkId: string | undefined, fileName: string) =>
    checkId !== undefined && elsewhere?.checkId === checkId ? (
      <BusyElsewhere asked={elsewhere.asked} why={elsewhere.why} onReload={() => reopen(checkId, fileName)} onHistory={goHome} />
    ) : null;
  const columns = (checkId: string): void =>
    inTurn(
      api.preview(checkId),
      (preview) => setScreen({ kind: 'columns', preview }),
      (err) => setScreen({ kind: 'failed', fileName: '', message: shownError(err) }),
    );

  useEffect(() => {
    document.title = screen.kind === 'result' ? `${screen.check.fileName} · factura-import` : 'factura-import · Revisar hoja de ventas';
  }, [screen]);

  // The check on screen is in the address (#revision/<id>, and #columnas/<id> on the columns step): a reload (or a
  // second tab with the address) opens it again, following its submission if one is under way, or at its columns,
  // and «Atrás» goes back to the start.
  const shownIdNow = useRef<string | undefined>(undefined);
  /** The check the address names, while it is being fetched to be opened. */
  const opening = useRef<string | undefined>(undefined);
  const shownId =
    screen.kind === 'result'
      ? screen.check.id
      : screen.kind === 'checking'
        ? screen.checkId
        : screen.kind === 'failed'
          ? screen.checkId
          : screen.kind === 'columns'
            ? screen.preview.checkId
            : undefined;
  shownIdNow.current = shownId;
  useEffect(() => {
    const follow = (): void => {
      const [, step, id] = /^#(revision|columnas)\/([0-9a-f-]{36})$/.exec(location.hash) ?? [];
      if (id === undefined) {
        // «Atrás» to the start is a move like «factura-import»: what was still coming changes nothing.
        opening.current = undefined;
        nextTurn();
        setScreen((s) => (s.kind === 'home' ? s : { kind: 'home' }));
        return;
      }
      if (id === shownIdNow.current || id === opening.current) return;
      opening.current = id;
      if (step === 'columnas') {
        api.preview(id).then(
          (preview) => {
            if (opening.current !== id) return;
            opening.current = undefined;
            nextTurn();
            setScreen({ kind: 'columns', preview });
          },
          () => {
            opening.current = undefined;
            location.hash = '';
          },
        );
        return;
      }
      api.check(id).then(
        (check) => {
          // Not when the user went elsewhere meanwhile (goHome let it go).
          if (opening.current !== id) return;
          opening.current = undefined;
          open(check);
        },
        () => {
          opening.current = undefined;
          location.hash = '';
        },
      );
    };
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  /** Back to the start, letting go of a check the address named that is still being opened. */
  const goHome = (): void => {
    opening.current = undefined;
    nextTurn();
    setScreen({ kind: 'home' });
  };
  // After the effect above: at load it reads the address before this one would write the start screen's.
  useEffect(() => {
    const wanted = shownId === undefined ? '' : `#${screen.kind === 'columns' ? 'columnas' : 'revision'}/${shownId}`;
    // Not while the check the address names is being opened (at load): the start screen would clear it first.
    if (opening.current === undefined && location.hash !== wanted && (wanted !== '' || screen.kind === 'home')) location.hash = wanted;
  }, [shownId, screen.kind]);

  /** A failed check that can be run again or given other columns: one with a sheet kept and read (not an upload refused). */
  const retryable = screen.kind === 'failed' && screen.checkId !== undefined && screen.previewed !== false;
  /** The failed check being sent meanwhile (from another tab): not checked again, nor its columns changed, until the submission ends. */
  const sendingNow = useSendingNow(retryable ? screen.checkId : undefined);
  const whileSending = sendingNow ? 'Esta hoja se está enviando: espere a que termine el envío para revisarla de nuevo.' : undefined;
  return (
    <>
      <header class="topbar">
        <h1>
          <button type="button" class="brand" onClick={goHome}>
            factura-import
          </button>{' '}
          <span class="subtitle">Revisar una hoja de ventas antes de enviarla</span>
        </h1>
      </header>
      <main>
        {screen.kind === 'home' && (
          <>
            <UploadStep
              onUploaded={(p) => (p.sheets !== undefined ? setScreen({ kind: 'sheet', preview: p }) : proceed(p))}
              onRefused={() => setHistoryVersion((v) => v + 1)}
            />
            {/* Read again after a refused upload: a sheet no reader opens is kept as a check that failed. */}
            <HistoryList key={historyVersion} onOpen={open} />
            <ValueMapsPanel version={mapsVersion} />
          </>
        )}
        {screen.kind === 'sheet' && <SheetStep preview={screen.preview} onChosen={proceed} onCancel={goHome} />}
        {screen.kind === 'columns' && (
          <>
            {busyNotice(screen.preview.checkId, screen.preview.fileName)}
            <ColumnsStep preview={screen.preview} onConfirm={(m, withIgv) => run(screen.preview, m, withIgv)} onCancel={goHome} />
          </>
        )}
        {screen.kind === 'checking' && (
          <CheckProgress
            fileName={screen.fileName}
            rowsRead={screen.rowsRead}
            invoices={screen.invoices}
            {...(screen.expected !== undefined ? { expected: screen.expected } : {})}
            {...(screen.note !== undefined ? { note: screen.note } : {})}
            {...(screen.sending ? { onStop: () => void api.stop(screen.checkId).catch(() => undefined) } : {})}
          />
        )}
        {screen.kind === 'failed' && (
          <section class="card" aria-labelledby="failed-title">
            <h2 id="failed-title">
              {screen.sendCut === true
                ? `Se interrumpió el envío de «${screen.fileName}»`
                : `No se pudo revisar ${screen.fileName === '' ? 'la hoja' : `«${screen.fileName}»`}`}
            </h2>
            <p class="alert" role="alert">
              {screen.message}
            </p>
            {whileSending !== undefined && (
              <p class="note" role="status">
                {whileSending}
              </p>
            )}
            {whileSending === undefined && busyNotice(screen.checkId, screen.fileName)}
            <div class="actions">
              {retryable && (
                <>
                  <button
                    type="button"
                    class="primary"
                    disabled={sendingNow}
                    title={whileSending}
                    onClick={() => recheck(screen.checkId as string, screen.fileName)}
                  >
                    Revisar de nuevo
                  </button>
                  <button type="button" disabled={sendingNow} title={whileSending} onClick={() => columns(screen.checkId as string)}>
                    Columnas
                  </button>
                </>
              )}
              <button type="button" class={retryable ? '' : 'primary'} onClick={goHome}>
                Subir otra hoja
              </button>
            </div>
          </section>
        )}
        {screen.kind === 'result' && (
          <>
            <div class="result-bar">
              <h2 class="file-title">«{screen.check.fileName}»</h2>
              <div class="actions">
                <button type="button" onClick={() => columns(screen.check.id)}>
                  Columnas
                </button>
                <button type="button" onClick={goHome}>
                  Revisar otra hoja
                </button>
              </div>
            </div>
            {busyNotice(screen.check.id, screen.check.fileName)}
            <SummaryPanel check={screen.check} />
            <SubmitPanel
              check={screen.check}
              onStarted={() => watch(screen.check.id, screen.check.fileName, true)}
              onElsewhere={(why) => setElsewhere({ checkId: screen.check.id, why, asked: 'submit' })}
            />
            <DownloadsPanel check={screen.check} />
            <FixPanel
              key={screen.check.id}
              check={screen.check}
              onChanged={(a) => edited(a, true)}
              onRecheck={() => recheck(screen.check.id, screen.check.fileName)}
              {...(offer !== undefined ? { offer } : {})}
              onOfferDone={(remembered) => {
                setOffer(undefined);
                if (remembered) setMapsVersion((v) => v + 1);
              }}
            />
            <ProblemGroups
              checkId={screen.check.id}
              onJump={(row, letter) => setJump({ row, n: (jump?.n ?? 0) + 1, ...(letter !== undefined ? { letter } : {}) })}
            />
            <ResultsGrid
              key={screen.check.id}
              check={screen.check}
              version={editsVersion}
              onEdited={(a) => edited(a, false)}
              {...(jump !== undefined ? { jump } : {})}
            />
            <ValueMapsPanel version={mapsVersion} />
          </>
        )}
      </main>
    </>
  );
}
