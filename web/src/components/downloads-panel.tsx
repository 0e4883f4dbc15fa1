import type { CheckView } from '../api-client.js';
import { api } from '../api-client.js';
import { DownloadButton } from './download-button.js';

/** The check's files: the results workbook and the fix-and-resend sheet (written at the first download, see src/web/check-files.ts). */
export function DownloadsPanel({ check }: { readonly check: CheckView }) {
  if (!check.hasResults && !check.hasFixFile) return null;
  return (
    <section class="card downloads" aria-labelledby="downloads-title">
      <h2 id="downloads-title">Descargas</h2>
      <div class="actions">
        {check.hasResults && (
          <DownloadButton path={api.downloadPath(check.id, 'resultados')} fileName="resultados.xlsx" primary>
            Descargar resultados
          </DownloadButton>
        )}
        {check.hasMapping && (
          <DownloadButton path={api.mappingPath(check.id)} fileName="asignacion.json">
            Descargar la asignación de columnas
          </DownloadButton>
        )}
        {check.hasFixFile && (
          <DownloadButton path={api.downloadPath(check.id, 'corregir')} fileName="corregir.xlsx">
            Descargar hoja para corregir y reenviar
          </DownloadButton>
        )}
      </div>
      {check.editsPending && (
        <p class="hint">Hay cambios sin revalidar: los archivos son los de la última revisión; si aún no se descargaron, pulse «Revalidar» antes.</p>
      )}
      <p class="hint">
        El libro de resultados tiene el resumen, cada factura con su estado y cada problema con su fila y columna. La hoja para corregir solo trae las filas de
        las facturas con problemas, en las columnas de su hoja, con una última columna que dice qué corregir. Los archivos se preparan la primera vez que se
        piden: en una hoja grande la descarga puede tardar un momento en empezar.
        {check.hasMapping && (
          <>
            {' '}
            La asignación de columnas sirve para la línea de comandos (<code>--map</code>).
          </>
        )}
      </p>
    </section>
  );
}
