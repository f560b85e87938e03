/**
 * framer-motion's animation features, loaded with import() after the popup mounts, so the
 * page's first script stays small (LazyMotion + m).
 */
import { domAnimation } from 'framer-motion';

export default domAnimation;
