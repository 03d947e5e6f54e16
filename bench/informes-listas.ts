/**
 * The lists the informe's payment and expired-clock figures open (docs/decisions/102, amended): for
 * each month given, the report's figure (GET /api/informes) and the case list's page 1 with its count
 * (POST /api/casos/filtro with the figure's `filtro`), through the production server on an existing
 * database, timed end to end: median and min-max of `runs`, with the load average. The list's rows must
 * equal the figure's cases; the goal is the list's (a page ≤ 1 s at 1M cases).
 *
 *   DATABASE_URL=postgres://…/b_1m npx tsx bench/informes-listas.ts 2026-10 2026-11 [--runs=5] [--compania=3]
 */
import { conInformesCliente } from './informes-cliente';

await conInformesCliente('informes-listas', async ({ meses, compania, informe, lista }) => {
  for (const mes of meses) {
    const { pagos, plazosVencidos } = await informe(mes);
    for (const [figura, cifra] of [
      ['pagos', pagos],
      ['plazosVencidos', plazosVencidos],
    ] as const) {
      const medida = await lista(cifra.filtro);
      console.log(
        JSON.stringify({
          mes,
          compania: compania ?? null,
          figura,
          cuenta: 'cantidad' in cifra ? cifra.cantidad : cifra.total,
          casos: cifra.casos,
          filas: medida.totalRows,
          ms: medida.ms,
          load: medida.load,
        }),
      );
    }
  }
});
