/**
 * The framer-motion features the popup's animations need (opacity, transform, exit), with
 * LazyMotion + m instead of the full motion component. popup-dialog.tsx imports them
 * statically: the whole dialog chunk is itself loaded only shortly before the popup opens
 * (see popup.tsx), so a second lazy step would only add a round trip.
 */
import { domAnimation } from 'framer-motion';

export default domAnimation;
