import { describe, expect, it } from 'vitest';
import { messageWithoutPlace } from '../../src/report/message-without-place.js';

describe('a message without the place it starts with', () => {
  it('drops «Fila N, Columna: » and «Fila N: », in Spanish and English', () => {
    expect(messageWithoutPlace('Fila 2, Fecha de emisión: «2026-13-01» no es una fecha: el mes 13 no existe.')).toBe(
      '«2026-13-01» no es una fecha: el mes 13 no existe.',
    );
    expect(messageWithoutPlace('Fila 9: parece una fila de totales («TOTAL»); no se leyó.')).toBe('parece una fila de totales («TOTAL»); no se leyó.');
    expect(messageWithoutPlace('Row 2, Issue date: «2026-13-01» is not a date.')).toBe('«2026-13-01» is not a date.');
  });

  it('leaves a message that does not start with its place as it is', () => {
    for (const message of [
      'La fila 5 tiene una serie que no se pudo leer.',
      'El RUC «20512333798» no es válido: su dígito verificador no corresponde.',
      'Filas 3 y 4: …',
    ]) {
      expect(messageWithoutPlace(message)).toBe(message);
    }
  });
});
