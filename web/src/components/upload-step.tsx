import { useRef, useState } from 'preact/hooks';
import type { SheetPreview } from '../api-client.js';
import { shownError, uploadSheet } from '../api-client.js';

interface Props {
  readonly onUploaded: (preview: SheetPreview) => void;
  /** The upload was refused (not a sheet, too large…): the history may now list it as a check that failed. */
  readonly onRefused: () => void;
}

/** Step 1: choose or drop the sales sheet; it is streamed to the server with a progress bar. */
export function UploadStep({ onUploaded, onRefused }: Props) {
  const [share, setShare] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = (file: File | undefined): void => {
    if (file === undefined) return;
    setError(undefined);
    setShare(0);
    uploadSheet(file, setShare).then(
      (preview) => {
        setShare(undefined);
        onUploaded(preview);
      },
      (err: unknown) => {
        setShare(undefined);
        setError(shownError(err));
        if (input.current !== null) input.current.value = '';
        onRefused();
      },
    );
  };

  return (
    <section class="card" aria-labelledby="upload-title">
      <h2 id="upload-title">1. Suba la hoja de ventas</h2>
      <div
        class={`dropzone${over ? ' dropzone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          send(e.dataTransfer?.files[0]);
        }}
      >
        <p>Arrastre aquí el archivo de Excel (.xlsx o .xls), LibreOffice (.ods) o CSV con las ventas del mes, o elíjalo:</p>
        <input
          ref={input}
          id="hoja-de-ventas"
          class="file-input"
          type="file"
          aria-label="Hoja de ventas"
          accept=".xlsx,.xlsm,.xls,.ods,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,application/vnd.oasis.opendocument.spreadsheet,text/csv"
          disabled={share !== undefined}
          onChange={(e) => send(e.currentTarget.files?.[0])}
        />
        <label for="hoja-de-ventas" class="button primary file-button">
          Elegir la hoja de ventas…
        </label>
        <p class="hint">Una fila por línea de factura, con las columnas de la plantilla (serie, número, fecha, RUC del cliente…).</p>
      </div>
      {share !== undefined && (
        <div class="progress-line">
          <label for="upload-progress">Subiendo la hoja…</label>
          <progress id="upload-progress" max={1} value={share} />
          <span aria-hidden="true">{Math.round(share * 100)} %</span>
        </div>
      )}
      {error !== undefined && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
