import { ComingSoon } from '../components/coming-soon.tsx';

/** Routes of spec section 2 whose pages later issues build. */
export default function ComingSoonRoute() {
  return <ComingSoon />;
}
