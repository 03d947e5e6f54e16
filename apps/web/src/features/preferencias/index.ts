/** Each user's colour scheme and row density (issue 44 item 6, docs/decisions/101). */
export { AparienciaCard } from './components/AparienciaCard';
export { useCargarPreferencias, usePreferencias } from './hooks/use-preferencias';
