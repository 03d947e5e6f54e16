import { describe, expect, it } from 'vitest';
import { SUBIDA_ESTADOS, SUBIDA_MESSAGES } from '@siniestros/domain';
import { debeReintentar, huella, mensajeDeError, olvidarSubidas, progresoTotal, type ProgresoSubida } from './subida-reanudable';
import { conCambio } from './use-subidas';

/**
 * The resumable upload module's pure parts (docs/decisions/089): the overall progress, one Spanish
 * message per failure, which failures are retried, the per-user fingerprint and its forgetting.
 * The upload itself against the server is the server's HTTP tests and the browser journey's.
 */
const subida = (nombre: string, enviados: number, total: number, estado: ProgresoSubida['estado'] = SUBIDA_ESTADOS.SUBIENDO): ProgresoSubida => ({
  clave: nombre,
  nombre,
  enviados,
  total,
  estado,
});

/** What tus-js-client rejects with when the server answered (DetailedError's originalResponse). */
const respuesta = (status: number, cuerpo = '') => ({ originalResponse: { getStatus: () => status, getBody: () => cuerpo } });

describe('progresoTotal', () => {
  it('adds bytes over every file, leaves cancelled ones out and rounds the percent down', () => {
    const subidas = [
      subida('frente.jpg', 1_000, 1_000, SUBIDA_ESTADOS.TERMINADA),
      subida('trasera.jpg', 500, 2_000),
      subida('chasis.jpg', 0, 7_000, SUBIDA_ESTADOS.CANCELADA),
    ];
    expect(progresoTotal(subidas)).toEqual({ enviados: 1_500, total: 3_000, porcentaje: 50 });
    expect(progresoTotal([subida('a.jpg', 2, 3)]).porcentaje).toBe(66);
    expect(progresoTotal([])).toEqual({ enviados: 0, total: 0, porcentaje: 0 });
  });

  it('never counts more than a file’s size', () => {
    expect(progresoTotal([subida('a.jpg', 5_000, 1_000)])).toEqual({ enviados: 1_000, total: 1_000, porcentaje: 100 });
  });
});

describe('conCambio', () => {
  it('adds a file once, then changes it in place', () => {
    let subidas = conCambio([], 'k1', { nombre: 'frente.jpg', total: 10 });
    subidas = conCambio(subidas, 'k2', { nombre: 'trasera.jpg', total: 20 });
    subidas = conCambio(subidas, 'k1', { enviados: 10, estado: SUBIDA_ESTADOS.TERMINADA, id: 'abc' });
    expect(subidas).toEqual([
      { clave: 'k1', nombre: 'frente.jpg', enviados: 10, total: 10, estado: SUBIDA_ESTADOS.TERMINADA, id: 'abc' },
      { clave: 'k2', nombre: 'trasera.jpg', enviados: 0, total: 20, estado: SUBIDA_ESTADOS.ESPERANDO },
    ]);
  });
});

describe('mensajeDeError', () => {
  it('shows the server’s own Spanish message when it sent one', () => {
    expect(mensajeDeError(respuesta(413, JSON.stringify({ message: 'El archivo supera el máximo permitido de 20 MB' })))).toBe(
      'El archivo supera el máximo permitido de 20 MB',
    );
  });

  it('says what each status means when the answer had no message', () => {
    expect(mensajeDeError(respuesta(401))).toBe(SUBIDA_MESSAGES.sesionVencida);
    expect(mensajeDeError(respuesta(403, '<html>'))).toBe(SUBIDA_MESSAGES.sinPermiso);
    expect(mensajeDeError(respuesta(404))).toBe(SUBIDA_MESSAGES.noEncontrada);
    expect(mensajeDeError(respuesta(410))).toBe(SUBIDA_MESSAGES.vencida);
    expect(mensajeDeError(respuesta(502))).toBe(SUBIDA_MESSAGES.servidor);
    expect(mensajeDeError(respuesta(418))).toBe(SUBIDA_MESSAGES.desconocido);
  });

  it('tells an offline device from a server that did not answer', () => {
    expect(mensajeDeError(new Error('tus: failed to upload chunk'), false)).toBe(SUBIDA_MESSAGES.sinConexion);
    expect(mensajeDeError(new Error('tus: failed to upload chunk'), true)).toBe(SUBIDA_MESSAGES.servidor);
  });
});

describe('debeReintentar', () => {
  it('retries a lost connection, a server failure, an offset conflict and a lock; never a refusal', () => {
    expect(debeReintentar(new Error('network'))).toBe(true);
    for (const status of [500, 503, 409, 423]) expect(debeReintentar(respuesta(status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 410, 413, 415, 429]) expect(debeReintentar(respuesta(status)), String(status)).toBe(false);
  });
});

describe('huella and olvidarSubidas', () => {
  const archivo = { name: 'frente.jpg', type: 'image/jpeg', size: 123_456, lastModified: 1_700_000_000_000 };

  it('keys a file per user and destination', () => {
    const ana = huella('ana@oficina.com', archivo, { proposito: 'inspeccion', id: 7 });
    expect(huella('ANA@oficina.com', archivo, { proposito: 'inspeccion', id: 7 })).toBe(ana);
    expect(huella('beto@oficina.com', archivo, { proposito: 'inspeccion', id: 7 })).not.toBe(ana);
    expect(huella('ana@oficina.com', archivo, { proposito: 'inspeccion', id: 8 })).not.toBe(ana);
    expect(huella('ana@oficina.com', { ...archivo, size: 1 }, { proposito: 'inspeccion', id: 7 })).not.toBe(ana);
  });

  it('forgets one user’s kept uploads and nobody else’s', () => {
    localStorage.clear();
    const ana = huella('ana@oficina.com', archivo, { proposito: 'inspeccion', id: 7 });
    const beto = huella('beto@oficina.com', archivo, { proposito: 'inspeccion', id: 7 });
    localStorage.setItem(`tus::${ana}::1`, '{"uploadUrl":"/api/subidas/a"}');
    localStorage.setItem(`tus::${ana}::2`, '{"uploadUrl":"/api/subidas/b"}');
    localStorage.setItem(`tus::${beto}::3`, '{"uploadUrl":"/api/subidas/c"}');
    localStorage.setItem('otra-cosa', '1');
    olvidarSubidas('Ana@oficina.com');
    expect(Object.keys(localStorage).sort()).toEqual([`tus::${beto}::3`, 'otra-cosa'].sort());
  });
});
