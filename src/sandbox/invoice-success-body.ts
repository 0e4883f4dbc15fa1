import { createHash, createHmac } from 'node:crypto';
import { BUILTIN_CATALOGUES } from '../invoice/catalogues.js';
import type { CheckedInvoice } from './check-invoice-body.js';
import { computeSandboxTotals } from './invoice-totals.js';

/** The success body of the invoice PUT as public clients saw it (provider-notes.md). */
export interface InvoiceSuccessBody {
  readonly codigoBarras: string;
  readonly firma: string;
  readonly hash: string;
  readonly identificador: string;
  readonly numero: number;
  readonly serie: string;
  readonly tipoDocumento: '01';
  readonly total: number;
}

function identityCode(tipoDocumento: string): string {
  return BUILTIN_CATALOGUES.tipoDocumentoIdentidad.find((e) => e.value === tipoDocumento)?.codes?.[0] ?? '-';
}

/**
 * Builds the answer for an accepted invoice: `hash` is the sha256 of the body (base64), `firma` an
 * HMAC of it with the sandbox's secret, `codigoBarras` the text of SUNAT's QR code
 * (ruc|01|serie|numero|igv|total|fecha|tipo doc receptor|num doc receptor|).
 */
export function invoiceSuccessBody(ruc: string, invoice: CheckedInvoice, rawBody: Buffer, secret: Uint8Array): InvoiceSuccessBody {
  const totals = computeSandboxTotals(invoice.lines);
  const hash = createHash('sha256').update(rawBody).digest('base64');
  const firma = createHmac('sha256', secret).update(hash).digest('base64');
  const codigoBarras = [
    ruc,
    '01',
    invoice.serie,
    String(invoice.numero),
    totals.igv.toFixed(2),
    totals.total.toFixed(2),
    invoice.fechaEmision,
    identityCode(invoice.receptorTipoDocumento),
    invoice.receptorNumeroDocumento,
    '',
  ].join('|');
  return {
    codigoBarras,
    firma,
    hash,
    identificador: `${ruc}-01-${invoice.serie}-${invoice.numero}`,
    numero: invoice.numero,
    serie: invoice.serie,
    tipoDocumento: '01',
    total: totals.total.toNumber(),
  };
}
