/** The line browser mode prints about demo mode at startup, or null when there is nothing to say. */
export function demoNotice(state: { demo: boolean; realAccounts: number }): string | null {
  if (!state.demo) return null;
  if (state.realAccounts === 0) {
    return 'Demo mode: the built-in Quoting Service with sample data. Add an account to connect to the real service.';
  }
  const yours = state.realAccounts === 1 ? 'your account' : `your ${state.realAccounts} accounts`;
  return `Demo mode (--demo): sample accounts on the built-in Quoting Service are listed alongside ${yours}.`;
}
