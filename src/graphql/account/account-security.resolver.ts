import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { runMutation } from '../common/run-mutation';
import { runQuery } from '../common/run-query';
import { ChangePasswordInput, ChangePasswordPayload, EndSessionsPayload, OwnSessionType } from './account-security.types';

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

  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => [OwnSessionType], { description: '«Sesiones activas»: las sesiones abiertas del usuario de la sesión, la actual primero.' })
  async mySessions(@Ctx() ctx: GraphQLContext): Promise<OwnSessionType[]> {
    return runQuery(() => ctx.services.listOwnSessions.execute(ctx.actor!));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => EndSessionsPayload, { description: '«Cerrar esta sesión»: termina una sesión propia (también la actual); sus WebSockets se cierran.' })
  async endSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<EndSessionsPayload> {
    return runMutation(async () => ({ sessionsEnded: await ctx.services.endOwnSessions.execute(ctx.actor!, { sessionId: id }) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => EndSessionsPayload, { description: '«Cerrar las demás»: termina todas las sesiones del usuario menos esta.' })
  async endOtherSessions(@Ctx() ctx: GraphQLContext): Promise<EndSessionsPayload> {
    return runMutation(async () => ({ sessionsEnded: await ctx.services.endOwnSessions.execute(ctx.actor!, 'others') }));
  }
}
