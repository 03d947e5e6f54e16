export { InspeccionPanel } from './components/InspeccionPanel';
// The case's 'Informe fotográfico' of its closed inspection (issue 43 item 6, docs/decisions/087).
export { InformeFotograficoMenu } from './components/fotos/InformeFotograficoMenu';
