import { createHmac } from 'node:crypto';
import type { CheckedInvoice } from './check-invoice-body.js';
import { computeSandboxTotals } from './invoice-totals.js';

/** The success body of the invoice PUT as public clients saw it (docs/service-contract.md §6). */
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

/**
 * SUNAT's code (catálogo 06) of each identity document the contract names, for the QR text. The
 * sandbox's own copy, like its enumerations (contract-enumerations.ts).
 */
const IDENTITY_DOCUMENT_CODES: Readonly<Record<string, string>> = {
  RUC: '6',
  DOC_NACIONAL_DE_IDENTIDAD: '1',
  CARNET_DE_EXTRANJERIA: '4',
  PASAPORTE: '7',
  CED_DIPLOMATICA_IDENTIDAD: 'A',
  PERMISO_TEMPORAL_PERMANENCIA: 'F',
  DOC_TRIB_NO_DOM_SIN_RUC: '0',
};

function identityCode(tipoDocumento: string): string {
  return IDENTITY_DOCUMENT_CODES[tipoDocumento] ?? '-';
}

/**
 * Builds the answer for an accepted invoice: `hash` is the sha256 of the body (base64; the caller
 * hashes the body once, for this and for its ledger), `firma` an HMAC of it with the sandbox's
 * secret, `codigoBarras` the text of SUNAT's QR code
 * (ruc|01|serie|numero|igv|total|fecha|tipo doc receptor|num doc receptor|).
 */
export function invoiceSuccessBody(ruc: string, invoice: CheckedInvoice, rawBodySha256: Buffer, secret: Uint8Array): InvoiceSuccessBody {
  const totals = computeSandboxTotals(invoice.lines);
  const hash = rawBodySha256.toString('base64');
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
