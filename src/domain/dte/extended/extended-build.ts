/** Builders of the other seven types (their request rules have already passed). */
import type { BuildContext } from '../builders/build-context';
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedDteType } from '../dte.types';
import { buildCd } from '../cd/cd.builder';
import { buildCl } from '../cl/cl.builder';
import { buildCr } from '../cr/cr.builder';
import { buildDcl } from '../dcl/dcl.builder';
import { buildFex } from '../fex/fex.builder';
import { buildFse } from '../fse/fse.builder';
import { buildNr } from '../nr/nr.builder';
import type { ExtendedBuild } from './extended-build.types';

const BUILDERS: Readonly<Record<ExtendedDteType, (input: DocumentCreateInput, ctx: BuildContext) => ExtendedBuild>> = {
  '04': buildNr,
  '07': buildCr,
  '08': buildCl,
  '09': buildDcl,
  '11': buildFex,
  '14': buildFse,
  '15': buildCd,
};

export function buildExtendedDte(input: DocumentCreateInput, type: ExtendedDteType, ctx: BuildContext): ExtendedBuild {
  return BUILDERS[type](input, ctx);
}
