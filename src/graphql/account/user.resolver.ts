import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { runQuery } from '../common/run-query';
import { PageArgs } from '../emitter/emitter.resolver';
import { toUserView } from '../../services/identity/user-view';
import { InviteUserInput, UpdateUserInput, UserConnection, UserPayload, UserType } from './user.types';

/** The account's users from the panel: a session only (an API key gets SESSION_REQUIRED); managing them needs the owner role. */
@Resolver(() => UserType)
export class UserResolver {
  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => UserConnection, { description: 'Los usuarios de la cuenta, del más antiguo al más reciente (solo con sesión del panel).', complexity: connectionComplexity })
  async users(@Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<UserConnection> {
    return runQuery(async () => toConnection(await ctx.services.listAccountUsers.execute(ctx.actor!, pageRequest(first, after)), toUserView, (n) => n.id));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => UserPayload, { description: 'Invita por correo (propietario): el usuario queda "invited" hasta elegir su contraseña con el enlace (un uso, 7 días).' })
  async inviteUser(@Arg('input', () => InviteUserInput) input: InviteUserInput, @Ctx() ctx: GraphQLContext): Promise<UserPayload> {
    return runMutation(async () => ({ user: toUserView(await ctx.services.inviteUser.execute(ctx.actor!, plain(input))) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => UserPayload, { description: 'Cambia el rol (propietario); las sesiones del usuario terminan. La cuenta conserva al menos un propietario.' })
  async updateUser(@Arg('id', () => ID) id: string, @Arg('input', () => UpdateUserInput) input: UpdateUserInput, @Ctx() ctx: GraphQLContext): Promise<UserPayload> {
    return runMutation(async () => ({ user: toUserView(await ctx.services.updateUser.execute(ctx.actor!, id, plain(input))) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => UserPayload, { description: 'Quita un usuario de la cuenta (propietario); sus sesiones terminan. Devuelve el usuario quitado.' })
  async removeUser(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<UserPayload> {
    return runMutation(async () => ({ user: toUserView(await ctx.services.removeUser.execute(ctx.actor!, id)) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => UserPayload, { description: 'Reenvía una invitación pendiente (propietario): un enlace nuevo válido 7 días; el anterior deja de valer.' })
  async resendInvitation(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphQLContext): Promise<UserPayload> {
    return runMutation(async () => ({ user: toUserView(await ctx.services.resendInvitation.execute(ctx.actor!, userId)) }));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => UserPayload, { description: 'Revoca una invitación pendiente (propietario): el usuario invitado y su enlace desaparecen. Devuelve la invitación revocada.' })
  async revokeInvitation(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphQLContext): Promise<UserPayload> {
    return runMutation(async () => ({ user: toUserView(await ctx.services.revokeInvitation.execute(ctx.actor!, userId)) }));
  }
}
