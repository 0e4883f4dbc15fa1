import type { z } from 'zod';
import type { LocalizedText } from '../i18n/localized-text.js';
import { localized } from '../i18n/localized-text.js';

/** What a kind of value is called, by zod's name for it. */
const KINDS: Readonly<Record<string, LocalizedText>> = {
  string: localized('un texto entre comillas', 'a text in quotes'),
  number: localized('un número', 'a number'),
  int: localized('un número entero', 'a whole number'),
  boolean: localized('true o false', 'true or false'),
  array: localized('una lista entre corchetes [ ]', 'a list in brackets [ ]'),
  object: localized('un bloque entre llaves { }', 'a block in braces { }'),
  record: localized('un bloque entre llaves { }', 'a block in braces { }'),
};

const RUC_PATTERN = String(/^\d{11}$/);

/**
 * One problem zod found in a configuration, in words a user of the file understands, both
 * languages: zod's own messages are English («Invalid input: expected string, received
 * undefined», «Unrecognized key») and its Spanish locale shows the regular expressions.
 */
export function configIssueText(issue: z.core.$ZodIssue): LocalizedText {
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `«${k}»`).join(', ');
      // A mapping's or the defaults' keys are our columns' names, not the sheet's headers.
      const under = issue.path.at(-1);
      if (under === 'mapping' || under === 'defaults')
        return localized(
          `${keys}: las claves de «${String(under)}» son los nombres de las columnas de factura-import (serie, numero, fechaEmision, receptorNumeroDocumento, descripcion, cantidad, valorVentaUnitario…), y el valor, el encabezado de su hoja; por ejemplo {"serie": "Serie"}`,
          `${keys}: the keys of «${String(under)}» are factura-import's column names (serie, numero, fechaEmision, receptorNumeroDocumento, descripcion, cantidad, valorVentaUnitario…), and the value your sheet's header; for example {"serie": "Serie"}`,
        );
      return issue.keys.length === 1
        ? localized(`${keys} no es una opción de la configuración (¿está bien escrita?)`, `${keys} is not a configuration option (is it spelled right?)`)
        : localized(`${keys} no son opciones de la configuración (¿están bien escritas?)`, `${keys} are not configuration options (are they spelled right?)`);
    }
    case 'invalid_type': {
      const kind = KINDS[issue.expected] ?? localized(issue.expected, issue.expected);
      return issue.input === undefined
        ? localized(`falta (es obligatorio: ${kind.es})`, `missing (required: ${kind.en})`)
        : localized(`debe ser ${kind.es}`, `must be ${kind.en}`);
    }
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? localized('no puede estar vacío', 'cannot be empty')
          : localized(`debe tener al menos ${issue.minimum} caracteres`, `must have at least ${issue.minimum} characters`);
      return localized(`debe ser ${issue.minimum} o más`, `must be ${issue.minimum} or more`);
    case 'too_big':
      if (issue.origin === 'string') return localized(`debe tener como máximo ${issue.maximum} caracteres`, `must have at most ${issue.maximum} characters`);
      return localized(`debe ser ${issue.maximum} o menos`, `must be ${issue.maximum} or less`);
    case 'invalid_format':
      if (issue.format === 'email') return localized('no es una dirección de correo válida', 'is not a valid e-mail address');
      if (issue.format === 'regex' && issue.pattern === RUC_PATTERN) return localized('debe ser un RUC de 11 dígitos', 'must be an 11-digit RUC');
      return localized('no tiene la forma esperada', 'does not have the expected form');
    case 'invalid_value': {
      const values = issue.values.map((v) => `«${String(v)}»`).join(', ');
      return localized(`debe ser uno de: ${values}`, `must be one of: ${values}`);
    }
    case 'invalid_key':
      return issue.issues.some((i) => i.code === 'invalid_format' && i.pattern === RUC_PATTERN)
        ? localized('la clave debe ser un RUC de 11 dígitos', 'the key must be an 11-digit RUC')
        : localized('no es una clave válida aquí', 'is not a valid key here');
    default:
      return localized('no es válido', 'is not valid');
  }
}
