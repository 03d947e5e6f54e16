export { PlantillasScreen as Component } from '../../features/plantillas/components/PlantillasScreen';
