import { paths } from '../../lib/paths';

/** The page of one scale in the library. */
export const scalePath = (code: string) => paths.scale.replace(':code', encodeURIComponent(code));
