import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvAmount, csvCell, csvRow } from './csv.js';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, nothing for null', () => {
    expect(csvCell('Manual de ceremonias')).toBe('Manual de ceremonias');
    expect(csvCell('José Peña')).toBe('José Peña');
    expect(csvCell(1900)).toBe('1900');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, semicolons, quotes and line breaks (RFC 4180), doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Plan "Anual"')).toBe('"Plan ""Anual"""');
    expect(csvCell('línea 1\r\nlínea 2')).toBe('"línea 1\r\nlínea 2"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', '"\'\r=1"'],
    ['\n=1', '"\'\n=1"'],
    ['＝1+1', "'＝1+1"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['=1,2', `"'=1,2"`],
  ])('neutralises a formula: %j', (hostile, written) => {
    expect(csvCell(hostile)).toBe(written);
  });

  it('leaves a formula character inside the text alone', () => {
    expect(csvCell('pastor+test@iglesia.org')).toBe('pastor+test@iglesia.org');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('drops NUL characters', () => {
    expect(csvCell('a\u0000b')).toBe('ab');
    expect(csvCell('\u0000=1')).toBe("'=1");
  });

  it('refuses a number that is not one', () => {
    expect(() => csvCell(Number.NaN)).toThrow();
    expect(() => csvCell(Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe('csvRow and amounts', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvRow(['id', 'a,b', null, 5])).toBe('id,"a,b",,5\r\n');
  });

  it('writes cents as a decimal amount', () => {
    expect(csvAmount(1900)).toBe('19.00');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(-250)).toBe('-2.50');
  });

  it('the byte-order mark is the UTF-8 one', () => {
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
