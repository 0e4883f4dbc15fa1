import { CONTRACT_ENUMERATIONS } from './contract-enumerations.js';
import type { EnumerationName } from './contract-enumerations.js';

/**
 * The sandbox's own check of an invoice document (docs/service-contract.md §2.3, §6). It is test
 * equipment, independent of the importer's validation: it plays the service's part, with its own
 * copy of the contract's enumerations (contract-enumerations.ts), never the importer's catalogues.
 */

export interface CheckedLine {
  readonly cantidad: string;
  readonly valorVentaUnitarioItem: number;
  readonly tipoAfectacion: string;
}

/** The parts of an accepted document the sandbox needs to answer and to keep in its ledger. */
export interface CheckedInvoice {
  readonly serie: string;
  readonly numero: number;
  readonly fechaEmision: string;
  readonly moneda: string;
  readonly receptorTipoDocumento: string;
  readonly receptorNumeroDocumento: string;
  readonly lines: readonly CheckedLine[];
}

/** `type`: breaks the contract's types; `value`: a value refused (enumeration, format, issuer); `price`: a zero-priced line. */
export type InvoiceProblemKind = 'type' | 'value' | 'price';

export interface InvoiceBodyProblem {
  readonly kind: InvoiceProblemKind;
  readonly field: string;
  /** Spanish, naming the field (and, for an enumeration, the allowed values). */
  readonly message: string;
}

export type InvoiceBodyCheck =
  { readonly ok: true; readonly invoice: CheckedInvoice } | { readonly ok: false; readonly problems: readonly InvoiceBodyProblem[] };

/** The service's message for a line with a zero price (docs/service-contract.md §6); it refuses the whole invoice. */
export const ZERO_PRICE_MESSAGE = 'Al menos debe ingresar un precio de venta referencial';

const KIND_ORDER: Readonly<Record<InvoiceProblemKind, number>> = { type: 0, value: 1, price: 2 };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function shown(v: unknown): string {
  const text = v === undefined ? 'nada' : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const SERIE = /^(F[A-Z0-9]{3}|\d{4})$/;
const QUANTITY = /^\d{1,12}(\.\d{1,10})?$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

class Walker {
  readonly problems: InvoiceBodyProblem[] = [];

  private add(kind: InvoiceProblemKind, field: string, message: string): void {
    this.problems.push({ kind, field, message });
  }

  object(parent: Json, key: string, path: string, required = true): Json | undefined {
    const v = parent[key];
    if (v === undefined && !required) return undefined;
    if (!isObject(v)) {
      this.add('type', path, `El campo ${path} debe ser un objeto (se recibió ${shown(v)})`);
      return undefined;
    }
    return v;
  }

  /** A string; `null` allowed when `nullable`; absent allowed when not `required`. */
  string(o: Json, key: string, path: string, opts: { required?: boolean; nullable?: boolean; nonEmpty?: boolean } = {}): string | undefined {
    const v = o[key];
    const required = opts.required ?? true;
    if (v === undefined && !required) return undefined;
    if (v === null && opts.nullable === true) return undefined;
    if (typeof v !== 'string') {
      const what = opts.nullable === true ? 'un texto o null' : 'un texto';
      const rule = v === undefined ? 'es obligatorio y debe ser' : 'debe ser';
      this.add('type', path, `El campo ${path} ${rule} ${what} (se recibió ${shown(v)})`);
      return undefined;
    }
    if ((opts.nonEmpty ?? required) && v.trim() === '') {
      this.add('value', path, `El campo ${path} no puede estar vacío`);
      return undefined;
    }
    return v;
  }

  formatted(
    o: Json,
    key: string,
    path: string,
    test: (s: string) => boolean,
    format: string,
    opts: { required?: boolean; nullable?: boolean } = {},
  ): string | undefined {
    const v = this.string(o, key, path, { ...opts, nonEmpty: false });
    if (v === undefined) return undefined;
    if (!test(v)) {
      this.add('type', path, `El campo ${path} debe tener el formato ${format} (se recibió ${shown(v)})`);
      return undefined;
    }
    return v;
  }

  enumeration(o: Json, key: string, path: string, name: EnumerationName, required = true): string | undefined {
    const v = this.string(o, key, path, { required, nonEmpty: false });
    if (v === undefined) return undefined;
    const allowed: readonly string[] = CONTRACT_ENUMERATIONS[name];
    if (!allowed.includes(v)) {
      this.add('value', path, `El valor ${shown(v)} no está permitido en ${path}. Valores permitidos: ${allowed.join(', ')}`);
      return undefined;
    }
    return v;
  }

  refuse(kind: InvoiceProblemKind, field: string, message: string): void {
    this.add(kind, field, message);
  }
}

function checkLine(w: Walker, item: unknown, index: number): CheckedLine | undefined {
  const path = `detalleDocumento[${index}]`;
  if (!isObject(item)) {
    w.refuse('type', path, `El ítem ${path} debe ser un objeto (se recibió ${shown(item)})`);
    return undefined;
  }
  w.string(item, 'codigoProducto', `${path}.codigoProducto`, { required: false });
  w.string(item, 'descripcion', `${path}.descripcion`);
  const tipoAfectacion = w.enumeration(item, 'tipoAfectacion', `${path}.tipoAfectacion`, 'tipoAfectacion');
  w.enumeration(item, 'unidadMedida', `${path}.unidadMedida`, 'unidadMedida');
  const cantidad = w.formatted(item, 'cantidad', `${path}.cantidad`, (s) => QUANTITY.test(s), 'texto de un número, p. ej. "2" o "1.5"');
  if (cantidad !== undefined && Number(cantidad) === 0) w.refuse('value', `${path}.cantidad`, `El campo ${path}.cantidad debe ser mayor que cero`);
  const valor = item['valorVentaUnitarioItem'];
  const valorPath = `${path}.valorVentaUnitarioItem`;
  if (typeof valor !== 'number' || !Number.isFinite(valor)) {
    w.refuse('type', valorPath, `El campo ${valorPath} debe ser un número (se recibió ${shown(valor)})`);
    return undefined;
  }
  if (valor < 0) w.refuse('value', valorPath, `El campo ${valorPath} no puede ser negativo (se recibió ${valor})`);
  else if (valor === 0) w.refuse('price', valorPath, ZERO_PRICE_MESSAGE);
  if (tipoAfectacion === undefined || cantidad === undefined) return undefined;
  return { cantidad, valorVentaUnitarioItem: valor, tipoAfectacion };
}

/**
 * Checks a parsed invoice document for the PUT on `/factura/{pathRuc}`. Reports every problem,
 * ordered: broken types first, then refused values, then zero prices (the first is the answer's
 * `mensaje`). Fields the real service was seen to accept without (medioPago, ubigeo…) are optional.
 */
export function checkInvoiceBody(body: unknown, pathRuc: string): InvoiceBodyCheck {
  const w = new Walker();
  if (!isObject(body)) {
    w.refuse('type', '(documento)', `El documento debe ser un objeto JSON (se recibió ${shown(body)})`);
    return { ok: false, problems: w.problems };
  }

  const close2u = w.object(body, 'close2u', 'close2u');
  if (close2u) {
    w.enumeration(close2u, 'tipoIntegracion', 'close2u.tipoIntegracion', 'tipoIntegracion');
    w.enumeration(close2u, 'tipoPlantilla', 'close2u.tipoPlantilla', 'tipoPlantilla');
    w.enumeration(close2u, 'tipoRegistro', 'close2u.tipoRegistro', 'tipoRegistro');
  }

  let serie: string | undefined;
  let numero: number | undefined;
  let fechaEmision: string | undefined;
  let moneda: string | undefined;
  const datos = w.object(body, 'datosDocumento', 'datosDocumento');
  if (datos) {
    serie = w.formatted(datos, 'serie', 'datosDocumento.serie', (s) => SERIE.test(s), 'F y 3 letras o dígitos (F001) o 4 dígitos');
    const n = datos['numero'];
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      w.refuse('type', 'datosDocumento.numero', `El campo datosDocumento.numero debe ser un número (se recibió ${shown(n)})`);
    } else if (!Number.isInteger(n) || n < 1 || n > 99_999_999) {
      w.refuse('value', 'datosDocumento.numero', `El campo datosDocumento.numero debe ser un entero de 1 a 8 dígitos (se recibió ${n})`);
    } else {
      numero = n;
    }
    moneda = w.enumeration(datos, 'moneda', 'datosDocumento.moneda', 'moneda');
    fechaEmision = w.formatted(datos, 'fechaEmision', 'datosDocumento.fechaEmision', isCalendarDate, 'AAAA-MM-DD');
    w.formatted(datos, 'horaEmision', 'datosDocumento.horaEmision', (s) => TIME.test(s), 'HH:mm:ss', { required: false, nullable: true });
    w.enumeration(datos, 'formaPago', 'datosDocumento.formaPago', 'formaPago');
    w.enumeration(datos, 'medioPago', 'datosDocumento.medioPago', 'medioPago', false);
    w.string(datos, 'condicionPago', 'datosDocumento.condicionPago', { required: false, nonEmpty: true });
    w.string(datos, 'ordencompra', 'datosDocumento.ordencompra', { required: false, nullable: true });
    w.string(datos, 'glosa', 'datosDocumento.glosa', { required: false });
  }

  const lines: CheckedLine[] = [];
  const detalle = body['detalleDocumento'];
  if (!Array.isArray(detalle) || detalle.length === 0) {
    w.refuse('type', 'detalleDocumento', `El campo detalleDocumento debe ser una lista con al menos un ítem (se recibió ${shown(detalle)})`);
  } else {
    detalle.forEach((item: unknown, i) => {
      const line = checkLine(w, item, i);
      if (line) lines.push(line);
    });
  }

  const emisor = w.object(body, 'emisor', 'emisor');
  if (emisor) {
    w.string(emisor, 'correo', 'emisor.correo', { required: false });
    w.string(emisor, 'nombreComercial', 'emisor.nombreComercial', { required: false });
    w.string(emisor, 'nombreLegal', 'emisor.nombreLegal');
    w.enumeration(emisor, 'tipoDocumentoIdentidad', 'emisor.tipoDocumentoIdentidad', 'tipoDocumentoIdentidad');
    const ruc = w.string(emisor, 'numeroDocumentoIdentidad', 'emisor.numeroDocumentoIdentidad');
    if (ruc !== undefined && ruc !== pathRuc) {
      w.refuse(
        'value',
        'emisor.numeroDocumentoIdentidad',
        `El campo emisor.numeroDocumentoIdentidad (${shown(ruc)}) no coincide con el RUC de la ruta (${pathRuc})`,
      );
    }
  }

  const adicional = w.object(body, 'informacionAdicional', 'informacionAdicional');
  if (adicional) {
    w.enumeration(adicional, 'tipoOperacion', 'informacionAdicional.tipoOperacion', 'tipoOperacion');
    w.string(adicional, 'coVendedor', 'informacionAdicional.coVendedor', { required: false });
  }

  let receptorTipoDocumento: string | undefined;
  let receptorNumeroDocumento: string | undefined;
  const receptor = w.object(body, 'receptor', 'receptor');
  if (receptor) {
    w.string(receptor, 'correo', 'receptor.correo', { required: false });
    w.string(receptor, 'correoCopia', 'receptor.correoCopia', { required: false });
    const domicilio = w.object(receptor, 'domicilioFiscal', 'receptor.domicilioFiscal', false);
    if (domicilio) {
      w.string(domicilio, 'direccion', 'receptor.domicilioFiscal.direccion', { required: false });
      w.formatted(domicilio, 'ubigeo', 'receptor.domicilioFiscal.ubigeo', (s) => /^\d{6}$/.test(s), '6 dígitos', { required: false });
    }
    w.string(receptor, 'nombreComercial', 'receptor.nombreComercial', { required: false });
    w.string(receptor, 'nombreLegal', 'receptor.nombreLegal');
    receptorNumeroDocumento = w.string(receptor, 'numeroDocumentoIdentidad', 'receptor.numeroDocumentoIdentidad');
    receptorTipoDocumento = w.enumeration(receptor, 'tipoDocumentoIdentidad', 'receptor.tipoDocumentoIdentidad', 'tipoDocumentoIdentidad');
  }

  if (w.problems.length > 0) {
    const problems = [...w.problems].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    return { ok: false, problems };
  }
  // Every field below was checked above; no problem means each one was set.
  if (
    serie === undefined ||
    numero === undefined ||
    fechaEmision === undefined ||
    moneda === undefined ||
    receptorTipoDocumento === undefined ||
    receptorNumeroDocumento === undefined
  ) {
    throw new Error('checkInvoiceBody: a checked field is missing without a problem');
  }
  return { ok: true, invoice: { serie, numero, fechaEmision, moneda, receptorTipoDocumento, receptorNumeroDocumento, lines } };
}
