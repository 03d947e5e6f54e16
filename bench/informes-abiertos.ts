/**
 * The lists the informe's open cases at a past month's end open (docs/decisions/102, amended: the
 * list filter abiertoAl / estadoAl over caso_estado_periodos, drizzle/0055): for each month given,
 * the report (GET /api/informes) and, for its open cases in all, per status and per age bucket, the
 * case list's page 1 with its count (POST /api/casos/filtro with the figure's `filtro`), through the
 * production server on an existing database, timed end to end: median and min-max of `runs`, with
 * the load average. The list's rows must equal the figure (up to the count's cap).
 *
 *   DATABASE_URL=postgres://…/b_1m npx tsx bench/informes-abiertos.ts 2026-09 2026-10 [--runs=5] [--compania=3]
 */
import { conInformesCliente } from './informes-cliente';

await conInformesCliente('informes-abiertos', async ({ meses, compania, informe, lista }) => {
  for (const mes of meses) {
    const { abiertos } = await informe(mes);
    const figuras = [
      { figura: 'abiertos', total: abiertos.total, filtro: abiertos.filtro },
      ...abiertos.porEstado.map((estado) => ({ figura: `estado ${estado.id_estado}`, total: estado.total, filtro: estado.filtro })),
      ...abiertos.porAntiguedad.map((tramo) => ({ figura: tramo.key, total: tramo.total, filtro: tramo.filtro })),
    ];
    for (const { figura, total, filtro } of figuras) {
      if (!filtro) continue;
      const medida = await lista(filtro);
      console.log(
        JSON.stringify({ mes, compania: compania ?? null, figura, total, filas: medida.totalRows, capped: medida.totalCapped, ms: medida.ms, load: medida.load }),
      );
    }
  }
});
