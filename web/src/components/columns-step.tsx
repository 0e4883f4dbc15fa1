import { useState } from 'preact/hooks';
import type { SheetPreview } from '../api-client.js';
import { WITH_IGV_SUFFIX } from '../../../src/web/workspace-api.js';
import { shownRowSpan } from '../../../src/i18n/shown-row-span.js';
import { mappedHeaderText } from '../../../src/sheet/mapped-header.js';

interface Props {
  readonly preview: SheetPreview;
  /** The mapping, and whether the unit value chosen includes IGV. */
  readonly onConfirm: (mapping: Record<string, string>, withIgv: boolean) => void;
  readonly onCancel: () => void;
}

/** Step 2: which column of the sheet feeds each field of the invoice; required ones marked. */
/** What a column of the sheet's own amounts is checked against, as the columns step says it. */
const CHECKED_AMOUNT: Readonly<Record<string, string>> = {
  total: 'el total',
  base: 'el valor de venta',
  igv: 'el IGV',
  amount: 'el importe',
  discount: 'el descuento',
  state: 'si la venta está anulada',
  kind: 'que la fila sea de una factura',
};

export function ColumnsStep({ preview, onConfirm, onCancel }: Props) {
  const initial = Object.fromEntries(preview.columns.map((c) => [c.index, c.column ?? '']));
  const [choice, setChoice] = useState<Record<number, string>>(initial);
  const used = new Map<string, number>();
  // A choice may name two fields («serie,numero»: a column holding both, as F001-00000123), or a field
  // read a particular way («valorVentaUnitario@conIgv»: the unit value, including IGV).
  const fieldsOf = (v: string | undefined): string[] => (v === undefined || v === '' ? [] : v.split(',').map((f) => f.replace(WITH_IGV_SUFFIX, '')));
  for (const v of Object.values(choice)) for (const name of fieldsOf(v)) used.set(name, (used.get(name) ?? 0) + 1);
  // A line's amount chosen as the unit value, with no quantity column: each row is one unit of it (the run reads it so).
  // A total includes IGV: only as «Valor unitario con IGV» (read without, every invoice would be 18 % higher).
  const unitColumn = preview.columns.find((c) => fieldsOf(choice[c.index]).includes('valorVentaUnitario'));
  const unitWithIgv = unitColumn !== undefined && (choice[unitColumn.index] ?? '').endsWith(WITH_IGV_SUFFIX);
  const totalWithoutIgv = unitColumn?.lineAmount === 'total' && !unitWithIgv;
  const eachLineOneUnit = !used.has('cantidad') && unitColumn?.lineAmount !== undefined && !totalWithoutIgv;
  const missing = preview.canonical.filter((c) => c.required && !used.has(c.name) && !(c.name === 'cantidad' && eachLineOneUnit));
  const repeated = [...used.entries()].filter(([, n]) => n > 1).map(([name]) => name);
  const labelOf = (name: string): string => preview.canonical.find((c) => c.name === name)?.label ?? name;
  // Shown only for a price headed «con IGV» (nothing else missing): the step is here for that one choice.
  const withIgv = preview.remembered ? undefined : preview.columns.find((c) => c.column?.endsWith(WITH_IGV_SUFFIX));
  const onlyIgv = withIgv !== undefined && preview.canonical.every((c) => !c.required || preview.columns.some((p) => fieldsOf(p.column).includes(c.name)));

  const confirm = (): void => {
    const mapping: Record<string, string> = {};
    for (const c of preview.columns) {
      const target = choice[c.index];
      // Two columns headed alike (a register's «Número» of the invoice and of the customer's document): each named by its letter too.
      for (const name of fieldsOf(target)) mapping[name] = mappedHeaderText(c, preview.columns);
    }
    onConfirm(
      mapping,
      Object.values(choice).some((v) => v.endsWith(WITH_IGV_SUFFIX)),
    );
  };

  return (
    <section class="card" aria-labelledby="columns-title">
      <h2 id="columns-title">2. Columnas de «{preview.fileName}»</h2>
      {!preview.autoMapped && (
        <p class="note">
          {preview.remembered
            ? 'Se usó la asignación que confirmó antes para una hoja con los mismos encabezados; revísela.'
            : onlyIgv
              ? `La columna «${withIgv.header}» trae el precio con IGV: se propone como valor unitario con IGV (de cada precio se separa el IGV). Confirme que sus precios lo incluyen.`
              : 'No reconocimos todas las columnas de esta hoja. Elija qué dato de la factura tiene cada una.'}
        </p>
      )}
      <p>
        {preview.headerRow === undefined
          ? ''
          : preview.groupRow === undefined
            ? `Encabezados en la fila ${preview.headerRow}. `
            : `Encabezados en las filas ${shownRowSpan(preview.groupRow, preview.headerRow).es}. `}
        Las columnas sin asignar se ignoran, salvo los importes de la hoja y sus columnas de estado y de tipo de comprobante, que se usan para comprobar los
        totales, las ventas anuladas y que cada fila sea de una factura; las obligatorias están marcadas.
      </p>
      <table class="columns-table">
        <thead>
          <tr>
            <th scope="col">Columna de su hoja</th>
            <th scope="col">Ejemplo</th>
            <th scope="col">Dato de la factura</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((c) => (
            <tr key={c.index}>
              <th scope="row">
                <span class="letter">{c.letter}</span> {c.header}
              </th>
              <td class="sample">{c.sample}</td>
              <td>
                {/* Named as the mapping names it: two columns headed alike («Número» of the invoice and of the customer) each by its letter too. */}
                <select
                  aria-label={`Dato de la columna ${mappedHeaderText(c, preview.columns)}`}
                  value={choice[c.index] ?? ''}
                  onChange={(e) => setChoice({ ...choice, [c.index]: e.currentTarget.value })}
                >
                  <option value="">
                    {c.checks !== undefined ? `(se usa para comprobar ${CHECKED_AMOUNT[c.checks] ?? 'los totales'})` : '(ignorar esta columna)'}
                  </option>
                  {preview.canonical.map((k) => (
                    <option key={k.name} value={k.name}>
                      {k.label}
                      {k.required ? ' (obligatorio)' : ''}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {eachLineOneUnit && (
        <p class="note" role="status">
          Sin columna de cantidad: cada fila se leerá como una factura de 1 unidad, con «{unitColumn.header}» como su valor{' '}
          {unitWithIgv ? 'con IGV' : 'sin IGV'}.
        </p>
      )}
      {totalWithoutIgv && (
        <p class="alert" role="status">
          «{unitColumn.header}» trae el total con IGV: elíjala como «Valor unitario con IGV».
        </p>
      )}
      {missing.length > 0 && (
        <p class="alert" role="status">
          Faltan columnas obligatorias: {missing.map((m) => m.label).join(', ')}.
        </p>
      )}
      {repeated.length > 0 && (
        <p class="alert" role="status">
          Un mismo dato está en dos columnas: {repeated.map(labelOf).join(', ')}.
        </p>
      )}
      <div class="actions actions--below">
        <button type="button" class="primary" disabled={missing.length > 0 || repeated.length > 0 || totalWithoutIgv} onClick={confirm}>
          Revisar la hoja
        </button>
        <button type="button" onClick={onCancel}>
          Subir otra hoja
        </button>
      </div>
    </section>
  );
}
