/** An earner's invitation link: the register page with their code filled in (the Team tab's, and a task's that asks to post it). */
export function invitationLink(publicOrigin: string, inviteCode: string): string {
  return `${publicOrigin}/register?shareCode=${encodeURIComponent(inviteCode)}`;
}
