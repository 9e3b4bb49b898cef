import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { runMutation } from '../common/run-mutation';
import { runQuery } from '../common/run-query';
import {
  ChangePasswordInput, ChangePasswordPayload, ConfirmSecondFactorPayload, EndSessionsPayload, OwnSessionType, SecondFactorEnrolmentPayload, SecondFactorPayload,
  SecondFactorPolicyPayload, SecondFactorType,
} from './account-security.types';

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

  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => SecondFactorType, { description: 'La verificación en dos pasos del usuario de la sesión, y si la cuenta la exige.' })
  async secondFactor(@Ctx() ctx: GraphQLContext): Promise<SecondFactorType> {
    return runQuery(() => ctx.services.getSecondFactor.execute(ctx.actor!));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => SecondFactorEnrolmentPayload, { description: 'Empieza a activar la verificación en dos pasos: un secreto nuevo (QR y texto) que vale al confirmarlo con un código.' })
  async beginSecondFactorEnrolment(@Ctx() ctx: GraphQLContext): Promise<SecondFactorEnrolmentPayload> {
    return runMutation(async () => ({ enrolment: await ctx.services.beginSecondFactorEnrolment.execute(ctx.actor!) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => ConfirmSecondFactorPayload, { description: 'Activa la verificación en dos pasos con un código de la aplicación; responde diez códigos de recuperación.' })
  async confirmSecondFactorEnrolment(@Arg('code', () => String) code: string, @Ctx() ctx: GraphQLContext): Promise<ConfirmSecondFactorPayload> {
    return runMutation(async () => ({ secondFactorEnabled: await ctx.services.confirmSecondFactorEnrolment.execute(ctx.actor!, { code }) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => SecondFactorPayload, { description: 'Desactiva la verificación en dos pasos con la contraseña y un código (o un código de recuperación).' })
  async disableSecondFactor(@Arg('password', () => String) password: string, @Arg('code', () => String) code: string, @Ctx() ctx: GraphQLContext): Promise<SecondFactorPayload> {
    return runMutation(async () => {
      await ctx.services.disableSecondFactor.execute(ctx.actor!, { password, code });
      return { secondFactor: await ctx.services.getSecondFactor.execute(ctx.actor!) };
    });
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => SecondFactorPolicyPayload, { description: 'El propietario exige (o deja de exigir) la verificación en dos pasos a todos los usuarios de la cuenta.' })
  async setSecondFactorPolicy(@Arg('required', () => Boolean) required: boolean, @Ctx() ctx: GraphQLContext): Promise<SecondFactorPolicyPayload> {
    return runMutation(async () => ({ policy: await ctx.services.setSecondFactorPolicy.execute(ctx.actor!, { required }) }));
  }
}
