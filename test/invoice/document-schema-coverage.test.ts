import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDocumentBody } from '../../src/invoice/build-document.js';
import { BUILTIN_CATALOGUES } from '../../src/invoice/catalogues.js';
import { rulesCoverDocumentBody } from '../../src/invoice/document-schema-coverage.js';
import { facturaDocumentBodySchemaFor, facturaDocumentSchemaFor } from '../../src/invoice/factura-document.js';
import { resolveInvoice } from '../../src/invoice/resolve-invoice.js';
import type { ValidationContext } from '../../src/invoice/validation-context.js';
import { validateInvoice } from '../../src/invoice/validate-invoice.js';
import type { Values } from './invoice-fixtures.js';
import { CONTEXT, VALID_ROW, draftOf } from './invoice-fixtures.js';

const { emisor: _omit, ...DRY } = CONTEXT;
const bodySchema = facturaDocumentBodySchemaFor(BUILTIN_CATALOGUES);
const documentSchema = facturaDocumentSchemaFor(BUILTIN_CATALOGUES);

function codes(rows: readonly Values[], context: ValidationContext): string[] {
  return validateInvoice(draftOf(rows), context).problems.map((p) => p.code);
}

describe('skipping the schema parse where the rules prove the document', () => {
  it('only skips it for invoices whose built body the schema accepts', () => {
    const text = (max: number) =>
      fc.string({ unit: fc.constantFrom('a', 'Ñ', ' ', '😀', '-'), minLength: 1, maxLength: max }).filter((s) => s.trim() === s && s !== '');
    const decimal = fc.constantFrom('1', '0.5', '12.50', '999999999999.99', '999999999999.9999999999', '0.0000000001', '000123.4500');
    const row = fc.record({
      descripcion: text(520),
      codigoProducto: text(32),
      receptorNombreLegal: text(110),
      cantidad: decimal,
      valorVentaUnitario: decimal,
      ordenCompra: fc.constantFrom('OC-1', 'X'),
    });
    fc.assert(
      fc.property(row, fc.constantFrom('', 'OC-9'), (values, defaultOrden) => {
        const context: ValidationContext = { ...DRY, defaults: defaultOrden === '' ? { ordenCompra: '' } : {} };
        const { ordenCompra, ...rest } = values;
        const rows: Values[] = [{ ...VALID_ROW, ...rest, ...(defaultOrden === '' ? {} : { ordenCompra }) }];
        const result = validateInvoice(draftOf(rows), context);
        const { invoice } = resolveInvoice(draftOf(rows), context);
        if (result.valid && rulesCoverDocumentBody(invoice, context)) {
          expect(bodySchema.safeParse(buildDocumentBody(invoice, context.close2u)).success).toBe(true);
        }
        // The dry run and a run with an issuer reach the same verdict and the same problems.
        const withIssuer = validateInvoice(draftOf(rows), { ...CONTEXT, defaults: context.defaults });
        expect(result.problems.map((p) => p.code)).toEqual(withIssuer.problems.map((p) => p.code));
        // A document to send, proven or parsed, is one the whole schema accepts.
        if (withIssuer.document !== undefined) expect(documentSchema.safeParse(withIssuer.document).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('still reports what only the schema sees: a unit value that the JSON number rounds up to 1e12', () => {
    const row = { ...VALID_ROW, valorVentaUnitario: '999999999999.9999999999' };
    expect(codes([row], DRY)).toContain('DOCUMENT_SHAPE');
    expect(codes([row], DRY)).toEqual(codes([row], CONTEXT));
  });

  it('skips it for an ordinary valid invoice', () => {
    const { invoice } = resolveInvoice(draftOf([VALID_ROW]), DRY);
    expect(rulesCoverDocumentBody(invoice, DRY)).toBe(true);
    const long = resolveInvoice(draftOf([{ ...VALID_ROW, descripcion: '😀'.repeat(300) }]), DRY).invoice;
    expect(rulesCoverDocumentBody(long, DRY)).toBe(false); // 600 UTF-16 units: not proven here, so parsed
    expect(bodySchema.safeParse(buildDocumentBody(invoice, DRY.close2u)).success).toBe(true);
  });

  it('does not skip it when the run’s close2u settings are not the schema’s', () => {
    const context: ValidationContext = { ...DRY, close2u: { ...DRY.close2u, tipoIntegracion: 'NINGUNA' } };
    const { invoice } = resolveInvoice(draftOf([VALID_ROW]), context);
    expect(rulesCoverDocumentBody(invoice, context)).toBe(false);
    expect(codes([VALID_ROW], context)).toEqual(['DOCUMENT_SHAPE']);
  });

  it('parses the document of a run with an issuer whose own block the schema refuses, however sure the body is', () => {
    const emisor = { ...CONTEXT.emisor, ruc: CONTEXT.emisor?.ruc ?? '', nombreLegal: 'N'.repeat(101) };
    const { invoice } = resolveInvoice(draftOf([VALID_ROW]), CONTEXT);
    expect(rulesCoverDocumentBody(invoice, CONTEXT)).toBe(true);
    const result = validateInvoice(draftOf([VALID_ROW]), { ...CONTEXT, emisor });
    expect(result.document).toBeUndefined();
    expect(result.problems.map((p) => [p.code, p.value])).toEqual([['DOCUMENT_SHAPE', 'emisor.nombreLegal']]);
    expect(validateInvoice(draftOf([VALID_ROW]), CONTEXT).document).toBeDefined();
  });
});
