import { withRucCheckDigit } from '../../src/invoice/rules/identity-document-rules.js';
/**
 * Invoice documents that follow the contract (docs/service-contract.md §2.3), for the submission tests:
 * a valid issuer and receptor RUC, a distinct serie/numero per document, one or two lines.
 */
/** The 11-digit RUC whose first ten digits are `first10`, with its SUNAT check digit. */
export const rucWithCheckDigit = withRucCheckDigit;

export interface TestInvoice {
  readonly serie: string;
  readonly numero: number;
  readonly document: Record<string, unknown>;
}

export function buildTestInvoice(issuer: { ruc: string; razonSocial: string; mail: string }, index: number): TestInvoice {
  const serie = `F${String(1 + Math.floor(index / 50_000)).padStart(3, '0')}`;
  const numero = 1 + (index % 50_000);
  const receptorRuc = rucWithCheckDigit(`2060${String(100_000 + (index % 900_000)).padStart(6, '0')}`);
  const lines = [
    {
      codigoProducto: `P-${index}`,
      descripcion: `Servicio de prueba ${index}`,
      tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
      unidadMedida: 'UNIDAD_BIENES',
      cantidad: '2',
      valorVentaUnitarioItem: 50.5,
    },
  ];
  if (index % 3 === 0)
    lines.push({
      codigoProducto: 'P-X',
      descripcion: 'Flete',
      tipoAfectacion: 'GRAVADO_OPERACION_ONEROSA',
      unidadMedida: 'UNIDAD_SERVICIOS',
      cantidad: '1',
      valorVentaUnitarioItem: 12,
    });
  return {
    serie,
    numero,
    document: {
      close2u: { tipoIntegracion: 'OFFLINE', tipoPlantilla: '01', tipoRegistro: 'PRECIOS_SIN_IGV' },
      datosDocumento: {
        serie,
        numero,
        moneda: 'PEN',
        fechaEmision: '2026-11-20',
        horaEmision: null,
        formaPago: 'CONTADO',
        medioPago: 'DEPOSITO_CUENTA',
        condicionPago: 'CONTADO',
        ordencompra: null,
        glosa: `Factura de prueba ${index}`,
      },
      detalleDocumento: lines,
      emisor: {
        correo: issuer.mail,
        nombreComercial: issuer.razonSocial,
        nombreLegal: issuer.razonSocial,
        numeroDocumentoIdentidad: issuer.ruc,
        tipoDocumentoIdentidad: 'RUC',
      },
      informacionAdicional: { tipoOperacion: 'VENTA_INTERNA', coVendedor: 'V01' },
      receptor: {
        correo: `cliente${index}@example.com`,
        correoCopia: 'copia@example.com',
        domicilioFiscal: { direccion: 'Av. Arequipa 123, Lima', ubigeo: '150101' },
        nombreComercial: `Cliente ${index}`,
        nombreLegal: `CLIENTE ${index} S.A.C.`,
        numeroDocumentoIdentidad: receptorRuc,
        tipoDocumentoIdentidad: 'RUC',
      },
    },
  };
}
