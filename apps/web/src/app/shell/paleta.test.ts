import { describe, expect, it } from 'vitest';
import { ROL, type CasoListRow } from '@siniestros/domain';
import { busquedaDeCaso, coincide, describirCaso, filtrarComandos, numeroDeCaso, pantallasPara } from './paleta';

describe('command palette choices (docs/decisions/100)', () => {
  it('matches every typed word, accents and case aside, in the label or its other words', () => {
    expect(coincide('companias', { label: 'Compañias' })).toBe(true);
    expect(coincide('MIS tar', { label: 'Mis tareas' })).toBe(true);
    expect(coincide('oscuro tema', { label: 'Modo de color: Oscuro', palabras: 'tema apariencia' })).toBe(true);
    expect(coincide('oscuro claro', { label: 'Modo de color: Oscuro' })).toBe(false);
    expect(filtrarComandos('', [{ label: 'Casos' }, { label: 'Tablero' }])).toHaveLength(2);
  });

  it('sends the quick search three characters or more, spaces folded', () => {
    expect(busquedaDeCaso('ab')).toBeNull();
    expect(busquedaDeCaso('  a  ')).toBeNull();
    expect(busquedaDeCaso(' AB123CD ')).toBe('AB123CD');
    expect(busquedaDeCaso('pérez   juan')).toBe('pérez juan');
  });

  it('offers a number typed alone as a case to open', () => {
    expect(numeroDeCaso('1234')).toBe(1234);
    expect(numeroDeCaso(' #12 ')).toBe(12);
    expect(numeroDeCaso('12a')).toBeNull();
    expect(numeroDeCaso('AB123CD')).toBeNull();
    expect(numeroDeCaso('1234567890')).toBeNull();
  });

  it("lists the screens of the role's menu, and the account for everyone", () => {
    const labels = (rol: number) => pantallasPara(rol).map((pantalla) => pantalla.label);
    expect(labels(ROL.USER)).toEqual(expect.arrayContaining(['Casos', 'Tablero', 'Mis tareas', 'Mi cuenta']));
    expect(labels(ROL.USER)).not.toContain('Usuarios');
    expect(labels(ROL.ADMIN)).toEqual(expect.arrayContaining(['Casos', 'Usuarios', 'Copias de seguridad']));
    expect(labels(ROL.INSPECTOR)).toEqual(['Mi cuenta']);
    const paths = pantallasPara(ROL.ADMIN).map((pantalla) => pantalla.to);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('describes a found case by its plate, third party, claim number, company and status', () => {
    const caso = { id: 42, t_dominio: 'AB123CD', t_apellido: 'Pérez', t_nombre: 'Ana', reclamo_nro: '555', nombre_compania: 'La Segura', estado: 'Análisis' } as CasoListRow;
    expect(describirCaso(caso)).toEqual({ label: 'Caso 42', description: 'AB123CD · Pérez Ana · Siniestro 555 · La Segura · Análisis' });
    expect(describirCaso({ ...caso, t_dominio: null, t_nombre: null, reclamo_nro: '' }).description).toBe('Pérez · La Segura · Análisis');
  });
});
