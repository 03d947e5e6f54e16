import { describe, expect, it } from 'vitest';
import { CONVENIO_MESSAGES } from '../documentacion/documentacion.constants';
import { errorDeCbu, normalizarCbu } from '../documentacion/convenios';
import { ESTADO } from '../casos/casos.constants';
import { cbuEnmascarado, centavos, cierraConAcuerdo, pesosDeCentavos } from './pagos.constants';
import { ordenarPagoSchema } from './pagos.schemas';

// Built with the BCRA weights: bank block 7,1,3,9,7,1,3 → 8th digit; account block 3,9,7,1,3,9,7,1,3,9,7,1,3 → 22nd.
const VALIDOS = ['0110599552000000123456', '0170099222000006789011', '0720123988000012345678', '2850590940090418135201'];

describe('the CBU of a payment (the convenio rule, docs/decisions/082)', () => {
  it('accepts 22 digits with both check digits right, spaces and dashes dropped', () => {
    for (const cbu of VALIDOS) expect([errorDeCbu(cbu), normalizarCbu(cbu)]).toEqual([null, cbu]);
    expect(normalizarCbu('0110599-5 52000000123456')).toBe('0110599552000000123456');
  });

  it('refuses a wrong bank-block or account-block check digit, and a wrong length', () => {
    expect(errorDeCbu('0110599452000000123456')).toBe(CONVENIO_MESSAGES.badCbuCheck); // 8th digit
    expect(errorDeCbu('0110599552000000123457')).toBe(CONVENIO_MESSAGES.badCbuCheck); // 22nd digit
    expect(errorDeCbu('0170099222000006789021')).toBe(CONVENIO_MESSAGES.badCbuCheck); // a transposed account digit
    expect(errorDeCbu('011059955200000012345')).toBe(CONVENIO_MESSAGES.badCbu);
    expect(errorDeCbu('01105995520000001234567')).toBe(CONVENIO_MESSAGES.badCbu);
  });

  it('is checked by the order schema; no CBU means the payee\'s stored one', () => {
    const base = { id_tercero: 1, beneficiario: 'tercero', monto: '1000', fecha_solicitud: '2026-11-20' };
    expect(ordenarPagoSchema.safeParse({ ...base, cbu: '0720123988000012345678' }).success).toBe(true);
    expect(ordenarPagoSchema.parse({ ...base, cbu: '' }).cbu).toBeNull();
    const bad = ordenarPagoSchema.safeParse({ ...base, cbu: '0720123988000012345679' });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['cbu', CONVENIO_MESSAGES.badCbuCheck]]);
    expect(ordenarPagoSchema.safeParse({ ...base, monto: '0' }).success).toBe(false);
  });

  it('is shown masked but for its last 4 digits', () => {
    expect(cbuEnmascarado('0720123988000012345678')).toBe(`${'•'.repeat(18)}5678`);
  });
});

describe('amounts and closing con acuerdo', () => {
  it('adds numeric strings exactly in cents', () => {
    expect(pesosDeCentavos(centavos('0.10') + centavos('0.20'))).toBe('0.30');
    expect(pesosDeCentavos(centavos('1579938.57') - centavos('579938.57'))).toBe('1000000.00');
  });

  it('is closing into 17, or finishing from 7 into 8', () => {
    expect(cierraConAcuerdo(ESTADO.A_FINALIZAR, ESTADO.FINALIZADO)).toBe(true);
    expect(cierraConAcuerdo(ESTADO.CONVENIO, 17)).toBe(true);
    expect(cierraConAcuerdo(ESTADO.OFRECIMIENTO, ESTADO.SIN_ACUERDO)).toBe(false);
    expect(cierraConAcuerdo(ESTADO.ESPERA_CONVENIO, ESTADO.A_FINALIZAR)).toBe(false);
  });
});
