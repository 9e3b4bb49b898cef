/**
 * The audit log's filters (REST query and GraphQL `filter`, one schema): who (a user of the account),
 * which action, and El Salvador dates from and to, both included. Pure.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-actions';

const date = (name: string) => z.iso.date({ error: `"${name}" es una fecha AAAA-MM-DD.` });

export const auditFilterSchema = z
  .strictObject({
    userId: z.string().min(1).max(64).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `La acción es una de: ${AUDIT_ACTIONS.join(', ')}.` }).optional(),
    createdFrom: date('created_from').optional(),
    createdTo: date('created_to').optional(),
  })
  .superRefine((f, ctx) => {
    if (f.createdFrom && f.createdTo && f.createdFrom > f.createdTo) {
      ctx.addIssue({ code: 'custom', path: ['createdTo'], params: { code: 'out_of_range' }, message: 'La fecha final es anterior a la inicial.' });
    }
  });

export type AuditFilter = z.infer<typeof auditFilterSchema>;
