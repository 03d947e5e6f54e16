import { describe, expect, it } from 'vitest';
import type { LineaItem } from '@siniestros/domain';
import { cuandoFue, describirCambio, enlaceDe } from './linea-tiempo';

const item = (over: Partial<LineaItem>): LineaItem => ({ tipo: 'mensaje', id: 7, fecha: '2026-03-02T03:00:00.000000Z', solo_fecha: false, usuario: null, texto: '', cambios: [], ...over });

describe('Línea de tiempo', () => {
  it('says a status change by the statuses’ names and any other change as old → new', () => {
    expect(describirCambio({ campo: 'id_estado', antes: 1, despues: 2 })).toBe('Estado: Pendiente Documentación → Coordinar Inspección');
    expect(describirCambio({ campo: 'tercero1.marca_modelo', antes: 'Fiat Cronos', despues: 'Peugeot 208' })).toBe('tercero1.marca_modelo: Fiat Cronos → Peugeot 208');
    expect(describirCambio({ campo: 'urg', antes: false, despues: true })).toBe('urg: No → Sí');
    expect(describirCambio({ campo: 'gestor', antes: null, despues: '' })).toBe('gestor: (vacío) → (vacío)');
  });

  it('dates by day what has no hour, else day and hour in Buenos Aires', () => {
    expect(cuandoFue(item({ solo_fecha: true }))).toBe('02/03/2026');
    expect(cuandoFue(item({ fecha: '2026-04-01T13:30:00.000000Z' }))).toBe('01/04/2026 10:30');
  });

  it('leads each kind to its screen; status and field changes stay in place', () => {
    expect(enlaceDe(item({ tipo: 'inspeccion', id: 12 }), 5)).toBe('/inspecciones/viewinspeccion/12');
    expect(enlaceDe(item({ tipo: 'audiencia' }), 5)).toBe('/audiencias/5');
    expect(enlaceDe(item({ tipo: 'lesionado' }), 5)).toBe('/lesionados/5');
    expect(enlaceDe(item({ tipo: 'tarea' }), 5)).toBe('/tareas');
    expect(enlaceDe(item({ tipo: 'cambio' }), 5)).toBeNull();
  });
});
