export { UnlockScreen as Component } from '../../features/auth/components/UnlockScreen';
