import { describe, it, expect } from 'vitest';
import { toEmvText } from './emv-text';

describe('toEmvText', () => {
  it.each([
    ['São Paulo', 15, 'Sao Paulo'],
    ['JOÃO DA CONCEIÇÃO', 25, 'JOAO DA CONCEICAO'],
    ['Maceió', 15, 'Maceio'],
    ['Ñandú Über Ærø', 25, 'Nandu Uber r'], // Æ and ø have no ASCII decomposition
    ['Loja 🛒 Feliz', 25, 'Loja Feliz'],
    ['  Loja\t\tdo\nZé  ', 25, 'Loja do Ze'],
    ['Padaria Pão de Açúcar Ltda ME', 25, 'Padaria Pao de Acucar Ltd'],
    ['Rio de Janeiro Centro', 15, 'Rio de Janeiro'], // truncated, trailing space trimmed
    ['日本', 25, ''],
  ])('%j (max %i) -> %j', (input, max, expected) => {
    expect(toEmvText(input, max)).toBe(expected);
  });
});
