import { z } from 'zod';
import type { CatalogueName, Catalogues } from './catalogues.js';
import { allowedValues } from './catalogues.js';

/**
 * The invoice document of docs/service-contract.md §2.3, as a zod schema: the single source of truth for
 * its shape and for the `FacturaDocument` type. Strict objects (no stray fields), the contract's
 * types exactly (`numero` a number, `cantidad` a string, `valorVentaUnitarioItem` a number,
 * `horaEmision` `HH:mm:ss` or null, `ordencompra` null when absent). Optional fields are absent,
 * never empty strings (docs/service-contract.md §2.3: a payload without `medioPago` and `ubigeo` was accepted).
 *
 * Enumerated fields are plain non-empty strings here, because the catalogues are data that a
 * config file may extend; `facturaDocumentSchemaFor(catalogues)` checks them against the lists.
 */

const text = z.string().min(1);
const DECIMAL = /^\d{1,12}(\.\d{1,10})?$/;

function buildSchema(value: (name: CatalogueName) => z.ZodType<string>) {
  return z.strictObject({
    close2u: z.strictObject({
      tipoIntegracion: value('tipoIntegracion'),
      tipoPlantilla: value('tipoPlantilla'),
      tipoRegistro: z.enum(['PRECIOS_SIN_IGV', 'PRECIOS_CON_IGV']),
    }),
    datosDocumento: z.strictObject({
      serie: z.string().regex(/^(F[A-Z0-9]{3}|\d{4})$/),
      numero: z.number().int().min(1).max(99_999_999),
      moneda: value('moneda'),
      fechaEmision: z.iso.date(),
      horaEmision: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/)
        .nullable(),
      formaPago: value('formaPago'),
      medioPago: value('medioPago').optional(),
      condicionPago: value('formaPago'),
      ordencompra: text.nullable(),
      glosa: text.optional(),
    }),
    detalleDocumento: z
      .array(
        z.strictObject({
          codigoProducto: text.max(30).optional(),
          descripcion: text.max(500),
          tipoAfectacion: value('tipoAfectacion'),
          unidadMedida: value('unidadMedida'),
          cantidad: z
            .string()
            .regex(DECIMAL)
            .refine((s) => /[1-9]/.test(s), 'cantidad > 0'),
          valorVentaUnitarioItem: z.number().positive().lt(1e12),
        }),
      )
      .min(1),
    emisor: z.strictObject({
      correo: z.email().optional(),
      nombreComercial: text.max(100).optional(),
      nombreLegal: text.max(100),
      numeroDocumentoIdentidad: z.string().regex(/^\d{11}$/),
      tipoDocumentoIdentidad: z.literal('RUC'),
    }),
    informacionAdicional: z.strictObject({
      tipoOperacion: value('tipoOperacion'),
      coVendedor: text.optional(),
    }),
    receptor: z.strictObject({
      correo: z.email().optional(),
      correoCopia: z.email().optional(),
      domicilioFiscal: z
        .strictObject({
          direccion: text.optional(),
          ubigeo: z
            .string()
            .regex(/^\d{6}$/)
            .optional(),
        })
        .optional(),
      nombreComercial: text.max(100).optional(),
      nombreLegal: text.max(100),
      numeroDocumentoIdentidad: z.string().regex(/^[A-Za-z0-9]{1,15}$/),
      tipoDocumentoIdentidad: value('tipoDocumentoIdentidad'),
    }),
  });
}

/** The document's shape, enumerations as non-empty strings. */
export const facturaDocumentSchema = buildSchema(() => text);

export type FacturaDocument = z.infer<typeof facturaDocumentSchema>;

type DocumentSchema = ReturnType<typeof buildSchema>;

/** The document without its issuer (`emisor`): what a dry run without configuration can check. */
export type FacturaDocumentBody = Omit<FacturaDocument, 'emisor'>;

const schemas = new WeakMap<Catalogues, DocumentSchema>();

/** The document's shape with every enumerated field checked against the (possibly extended) catalogues. Cached per catalogues object. */
export function facturaDocumentSchemaFor(catalogues: Catalogues): DocumentSchema {
  let schema = schemas.get(catalogues);
  if (!schema) {
    schema = buildSchema((name) => {
      const values = allowedValues(catalogues, name);
      return z.string().refine((s) => values.includes(s), { message: `${name}: ${values.join(', ')}` });
    });
    schemas.set(catalogues, schema);
  }
  return schema;
}

const bodySchemas = new WeakMap<Catalogues, z.ZodType<FacturaDocumentBody>>();

/** The same checks as facturaDocumentSchemaFor, without the issuer. */
export function facturaDocumentBodySchemaFor(catalogues: Catalogues): z.ZodType<FacturaDocumentBody> {
  let schema = bodySchemas.get(catalogues);
  if (!schema) {
    schema = facturaDocumentSchemaFor(catalogues).omit({ emisor: true });
    bodySchemas.set(catalogues, schema);
  }
  return schema;
}
