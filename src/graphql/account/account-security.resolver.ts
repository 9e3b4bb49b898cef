import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { runMutation } from '../common/run-mutation';
import { ChangePasswordInput, ChangePasswordPayload } from './account-security.types';

/** The logged-in user's own security: password (and, beside it, sessions and the second factor). A panel session only. */
@Resolver()
export class AccountSecurityResolver {
  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => ChangePasswordPayload, { description: 'Cambia la contraseña del usuario de la sesión con la actual; sus demás sesiones terminan y se le avisa por correo.' })
  async changePassword(@Arg('input', () => ChangePasswordInput) input: ChangePasswordInput, @Ctx() ctx: GraphQLContext): Promise<ChangePasswordPayload> {
    return runMutation(async () => {
      await ctx.services.changeOwnPassword.execute(ctx.actor!, { currentPassword: input.currentPassword, newPassword: input.newPassword });
      return { passwordChange: { changed: true } };
    });
  }
}
