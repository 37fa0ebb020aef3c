import { z } from 'zod';
import { idSchema } from '../schemas/common.schema';
import { FREQUENCY_PATTERN } from '../patients/treatment-rules';

/**
 * The expert's proposals from a remote consultation (issue 17, treat-project and assess-project): treatment projects
 * from the inviting organization's project templates and assessments with its assessment methods (scales). The
 * inviting side accepts one into the patient's course (the prescription or the assessment project is made there
 * through the patients and assessments modules) or declines it with a reason; the expert may withdraw one still open.
 * A proposal's content never changes; only its state does, once: proposed -> accepted | declined | withdrawn.
 */
export const PROPOSAL_KINDS = ['treat', 'assess'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATUSES = ['proposed', 'accepted', 'declined', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** The consultation states in which its expert may propose: taken over, and not yet closed or ended. */
export const PROPOSING_STATUSES = ['accepted', 'in_progress', 'report_draft', 'signed'] as const;
/** The consultation states in which an open proposal can no longer be accepted. */
export const PROPOSAL_DEAD_STATUSES = ['rejected', 'cancelled', 'expired'] as const;

const remark = z.string().trim().max(100).default('');

export const treatProposalSchema = z.strictObject({
  kind: z.literal('treat'),
  /** a project template of the inviting organization */
  templateId: idSchema,
  /** treatment days */
  times: z.number().int().min(1).max(9999),
  frequency: z.string().trim().regex(FREQUENCY_PATTERN, { error: 'validation.frequency' }),
  /** dosage a session */
  quantity: z.number().int().min(1).max(9999).default(1),
  remark,
});

export const assessProposalSchema = z.strictObject({
  kind: z.literal('assess'),
  /** an assessment method (its scale) of the inviting organization */
  methodId: idSchema,
  /** 1 outpatient, 2 admission, 3 mid-term, 4 discharge */
  phase: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  remark,
});

export const proposeSchema = z.discriminatedUnion('kind', [treatProposalSchema, assessProposalSchema]);
export type ProposeInput = z.input<typeof proposeSchema>;

export const proposalKindQuerySchema = z.object({ kind: z.enum(PROPOSAL_KINDS) });

/** Accepting: an assessment may name its assessor (the accepting doctor by default). */
export const proposalAcceptSchema = z.strictObject({ assessorId: idSchema.optional() });

export const proposalRowSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(PROPOSAL_KINDS),
  status: z.enum(PROPOSAL_STATUSES),
  /** the template's or the method's id in the inviting organization */
  refId: z.number().int(),
  /** the template's or the method's name when proposed, in the reader's language */
  name: z.string(),
  scaleCode: z.string().nullable(),
  times: z.number().int().nullable(),
  frequency: z.string().nullable(),
  quantity: z.number().int().nullable(),
  phase: z.number().int().nullable(),
  remark: z.string(),
  proposedByName: z.string(),
  proposedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** the prescribed project's or the assessment project's id in the patient's course, once accepted */
  recordId: z.number().int().nullable(),
});
export type ProposalRow = z.infer<typeof proposalRowSchema>;

export const proposalListSchema = z.strictObject({
  /** the reader is the consultation's expert and it is open for proposals */
  mayPropose: z.boolean(),
  /** the reader is on the inviting side and may accept or decline */
  mayDecide: z.boolean(),
  list: z.array(proposalRowSchema),
});

/** What the expert picks from: the inviting organization's enabled templates or methods, with their defaults. */
export const proposalCatalogueItemSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** a template's defaults (days, frequency) or a method's scale and phases */
  times: z.number().int().nullable(),
  frequency: z.string().nullable(),
  unitName: z.string().nullable(),
  scaleCode: z.string().nullable(),
  phases: z.array(z.number().int()),
});
