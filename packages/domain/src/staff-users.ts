/**
 * The staff API's accounts (staff.ts): the users an admin manages and a user's own
 * password change.
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';
import { id, line } from './staff-fields.ts';
import { STAFF_ROLES, STAFF_PASSWORD_MIN_LENGTH } from './staff.ts';

// ---- Staff accounts (admin) ----

export const staffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  officeIds: z.array(z.number().int()),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUsersResponse = z.array(staffUserSchema);

const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, { error: `Salasanassa on vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä` })
  .max(200);
const staffName = line(100).refine((n) => n.length > 0, { error: FIELD_ERRORS.required });
const officeIds = z.array(id).max(200);
export const createStaffUserBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: FIELD_ERRORS.email })).pipe(z.string().max(254)),
  name: staffName,
  role: z.enum(STAFF_ROLES),
  officeIds: officeIds.default([]),
  password: staffPassword,
});
export type CreateStaffUserBody = z.input<typeof createStaffUserBody>;
export const updateStaffUserBody = z.object({
  name: staffName.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  officeIds: officeIds.optional(),
  active: z.boolean().optional(),
  password: staffPassword.optional(),
});
export type UpdateStaffUserBody = z.input<typeof updateStaffUserBody>;
/** POST /me/password: the signed-in user's own new password, given with the current one. */
export const changeOwnPasswordBody = z
  .object({
    currentPassword: z.string().min(1, { error: FIELD_ERRORS.required }).max(200),
    newPassword: staffPassword,
  })
  .refine((b) => b.currentPassword !== b.newPassword, { path: ['newPassword'], message: 'Uusi salasana on sama kuin nykyinen' });
export type ChangeOwnPasswordBody = z.input<typeof changeOwnPasswordBody>;
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Nykyinen salasana on väärin';
