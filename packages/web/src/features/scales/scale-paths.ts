import { href, paths } from '../../lib/paths';

/** The page of one scale in the library. */
export const scalePath = (code: string) => href(paths.scale, { code });
