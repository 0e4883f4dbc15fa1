import { markExact } from './exact-amounts.js';
import type { FacturaDocument, FacturaDocumentBody } from './factura-document.js';
import type { ResolvedInvoice } from './resolve-invoice.js';
import { canonicalDecimal } from './rules/amount-rules.js';
import type { Close2u, Emisor } from './validation-context.js';

/** A required value that validation has already guaranteed; missing here is a programming error. */
function need(value: string | undefined, what: string): string {
  if (value === undefined) throw new Error(`buildDocument: ${what} missing; validate the invoice before building it`);
  return value;
}

/** `{ [key]: value }` when the value is present, `{}` otherwise: optional fields are absent, never "". */
function opt<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined || value === '' ? {} : ({ [key]: value } as Record<K, string>);
}

/** Sets `target[key]` when the value is present: optional fields are absent, never "". */
function put(target: Record<string, unknown>, key: string, value: string | undefined): void {
  if (value !== undefined && value !== '') target[key] = value;
}

/**
 * The document without its issuer, in the contract's exact types (docs/service-contract.md §2.3), from an
 * invoice whose values are resolved and valid (see validateInvoice). Pure mapping. Built by plain
 * assignment in the contract's key order (the document hash depends on it), without the object
 * spreads of computed keys that cost a dictionary-mode object per optional field.
 */
export function buildDocumentBody(invoice: ResolvedInvoice, close2u: Close2u): FacturaDocumentBody {
  const h = invoice.header;
  const datosDocumento: Record<string, unknown> = {
    serie: need(h.serie, 'serie').toUpperCase(),
    numero: Number(need(h.numero, 'numero')),
    moneda: need(h.moneda, 'moneda'),
    fechaEmision: need(h.fechaEmision, 'fechaEmision'),
    horaEmision: h.horaEmision ?? null,
    formaPago: need(h.formaPago, 'formaPago'),
  };
  put(datosDocumento, 'medioPago', h.medioPago);
  datosDocumento.condicionPago = need(h.condicionPago, 'condicionPago');
  datosDocumento.ordencompra = h.ordenCompra ?? null;
  put(datosDocumento, 'glosa', h.glosa);

  const detalleDocumento: Record<string, unknown>[] = [];
  for (const line of invoice.lines) {
    const v = line.values;
    const valor = need(canonicalDecimal(need(v.valorVentaUnitario, 'valorVentaUnitario')), 'valorVentaUnitario');
    const item: Record<string, unknown> = {};
    put(item, 'codigoProducto', v.codigoProducto);
    item.descripcion = need(v.descripcion, 'descripcion');
    item.tipoAfectacion = need(v.tipoAfectacion, 'tipoAfectacion');
    item.unidadMedida = need(v.unidadMedida, 'unidadMedida');
    item.cantidad = need(canonicalDecimal(need(v.cantidad, 'cantidad')), 'cantidad');
    item.valorVentaUnitarioItem = Number(valor);
    // Sent as written (document-json.ts), not as the nearest binary double.
    markExact(item, 'valorVentaUnitarioItem', valor);
    detalleDocumento.push(item);
  }

  const informacionAdicional: Record<string, unknown> = { tipoOperacion: need(h.tipoOperacion, 'tipoOperacion') };
  put(informacionAdicional, 'coVendedor', h.coVendedor);

  const receptor: Record<string, unknown> = {};
  put(receptor, 'correo', h.receptorCorreo);
  put(receptor, 'correoCopia', h.receptorCorreoCopia);
  const direccion = h.receptorDireccion;
  const ubigeo = h.receptorUbigeo;
  if (direccion !== undefined || ubigeo !== undefined) {
    const domicilioFiscal: Record<string, unknown> = {};
    put(domicilioFiscal, 'direccion', direccion);
    put(domicilioFiscal, 'ubigeo', ubigeo);
    receptor.domicilioFiscal = domicilioFiscal;
  }
  put(receptor, 'nombreComercial', h.receptorNombreComercial);
  receptor.nombreLegal = need(h.receptorNombreLegal, 'receptorNombreLegal');
  receptor.numeroDocumentoIdentidad = need(h.receptorNumeroDocumento, 'receptorNumeroDocumento');
  receptor.tipoDocumentoIdentidad = need(h.receptorTipoDocumento, 'receptorTipoDocumento');

  // The shapes above are FacturaDocumentBody's (the schema test checks every built document).
  return {
    close2u: { tipoIntegracion: close2u.tipoIntegracion, tipoPlantilla: close2u.tipoPlantilla, tipoRegistro: close2u.tipoRegistro },
    datosDocumento,
    detalleDocumento,
    informacionAdicional,
    receptor,
  } as unknown as FacturaDocumentBody;
}

/** The issuer block: RUC, legal name, and the trade name and e-mail when configured. */
export function buildEmisor(emisor: Emisor): FacturaDocument['emisor'] {
  return {
    ...opt('correo', emisor.correo),
    ...opt('nombreComercial', emisor.nombreComercial),
    nombreLegal: emisor.nombreLegal,
    numeroDocumentoIdentidad: emisor.ruc,
    tipoDocumentoIdentidad: 'RUC',
  };
}

/** The whole document: the body plus the issuer block, keys in the contract's order (docs/service-contract.md §2.3). */
export function withEmisor(body: FacturaDocumentBody, emisor: Emisor): FacturaDocument {
  return {
    close2u: body.close2u,
    datosDocumento: body.datosDocumento,
    detalleDocumento: body.detalleDocumento,
    emisor: buildEmisor(emisor),
    informacionAdicional: body.informacionAdicional,
    receptor: body.receptor,
  };
}
