import { describe, expect, it } from 'vitest';
import { renderRowXml, xmlText } from '../../src/report/render-row-xml.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

describe('renderRowXml', () => {
  it('writes each kind of value the way exceljs 4.4.0 does: str, number, b, e and a date as its serial day', () => {
    const xml = renderRowXml(7, ['F001', 12.5, true, { error: '#N/A' }, new Date(Date.UTC(2025, 10, 18, 12)), null], [0, 3, 0, 0, 5, 0], LETTERS);
    expect(xml).toBe(
      '<row r="7">' +
        '<c r="A7" t="str"><v>F001</v></c>' +
        '<c r="B7" s="3"><v>12.5</v></c>' +
        '<c r="C7" t="b"><v>1</v></c>' +
        '<c r="D7" t="e"><v>#N/A</v></c>' +
        '<c r="E7" s="5"><v>45979.5</v></c>' +
        '</row>',
    );
  });

  it('leaves blank cells out and keeps the others at their own column', () => {
    expect(renderRowXml(2, [null, 'x', null, 0], [], LETTERS)).toBe('<row r="2"><c r="B2" t="str"><v>x</v></c><c r="D2"><v>0</v></c></row>');
  });

  it('escapes markup and drops characters XML 1.0 forbids, so no text can break the sheet', () => {
    expect(renderRowXml(3, ['<b>"A&B"</b>\u0001\u000B ok\t\n'], [], LETTERS)).toBe(
      '<row r="3"><c r="A3" t="str"><v>&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt; ok\t\n</v></c></row>',
    );
    expect(xmlText('emoji 😀 kept, lone \uD800 dropped')).toBe('emoji 😀 kept, lone  dropped');
    expect(xmlText('=HYPERLINK("x")')).toBe('=HYPERLINK(&quot;x&quot;)');
  });

  it('writes a number that is not finite as text and an invalid date not at all', () => {
    expect(renderRowXml(4, [Number.NaN, new Date(Number.NaN)], [], LETTERS)).toBe('<row r="4"><c r="A4" t="str"><v>NaN</v></c></row>');
  });

  it('refuses a cell without a column letter rather than writing a wrong address', () => {
    expect(() => renderRowXml(5, ['a', 'b'], [], ['A'])).toThrow(RangeError);
  });
});
