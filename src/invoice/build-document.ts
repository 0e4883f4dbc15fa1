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

/**
 * The document without its issuer, in the contract's exact types (api-contract.md §2.3), from an
 * invoice whose values are resolved and valid (see validateInvoice). Pure mapping.
 */
export function buildDocumentBody(invoice: ResolvedInvoice, close2u: Close2u): FacturaDocumentBody {
  const h = invoice.header;
  const direccion = h.receptorDireccion;
  const ubigeo = h.receptorUbigeo;
  return {
    close2u: { tipoIntegracion: close2u.tipoIntegracion, tipoPlantilla: close2u.tipoPlantilla, tipoRegistro: close2u.tipoRegistro },
    datosDocumento: {
      serie: need(h.serie, 'serie').toUpperCase(),
      numero: Number(need(h.numero, 'numero')),
      moneda: need(h.moneda, 'moneda'),
      fechaEmision: need(h.fechaEmision, 'fechaEmision'),
      horaEmision: h.horaEmision ?? null,
      formaPago: need(h.formaPago, 'formaPago'),
      ...opt('medioPago', h.medioPago),
      condicionPago: need(h.condicionPago, 'condicionPago'),
      ordencompra: h.ordenCompra ?? null,
      ...opt('glosa', h.glosa),
    },
    detalleDocumento: invoice.lines.map((line) => {
      const v = line.values;
      const valor = need(canonicalDecimal(need(v.valorVentaUnitario, 'valorVentaUnitario')), 'valorVentaUnitario');
      return {
        ...opt('codigoProducto', v.codigoProducto),
        descripcion: need(v.descripcion, 'descripcion'),
        tipoAfectacion: need(v.tipoAfectacion, 'tipoAfectacion'),
        unidadMedida: need(v.unidadMedida, 'unidadMedida'),
        cantidad: need(canonicalDecimal(need(v.cantidad, 'cantidad')), 'cantidad'),
        valorVentaUnitarioItem: Number(valor),
      };
    }),
    informacionAdicional: { tipoOperacion: need(h.tipoOperacion, 'tipoOperacion'), ...opt('coVendedor', h.coVendedor) },
    receptor: {
      ...opt('correo', h.receptorCorreo),
      ...opt('correoCopia', h.receptorCorreoCopia),
      ...(direccion === undefined && ubigeo === undefined ? {} : { domicilioFiscal: { ...opt('direccion', direccion), ...opt('ubigeo', ubigeo) } }),
      ...opt('nombreComercial', h.receptorNombreComercial),
      nombreLegal: need(h.receptorNombreLegal, 'receptorNombreLegal'),
      numeroDocumentoIdentidad: need(h.receptorNumeroDocumento, 'receptorNumeroDocumento'),
      tipoDocumentoIdentidad: need(h.receptorTipoDocumento, 'receptorTipoDocumento'),
    },
  };
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

/** The whole document: the body plus the issuer block, keys in the contract's order (§2.3). */
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
