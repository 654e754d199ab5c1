import "server-only";
import { siteUrl, type Mail } from "../mail";

// The texts of the mails sent by self-service sign-up. Plain text only: nothing to render,
// nothing to track.

const FOOTER = "\n\n-- \nH2HMem Leaderboard\nYou receive this because someone entered this address on our sign-up form.";

export function confirmationMail(to: string, rawToken: string): Mail {
  const link = siteUrl(`/signup/confirm?token=${encodeURIComponent(rawToken)}`);
  return {
    to,
    subject: "Confirm your H2HMem Leaderboard account",
    text:
      `Someone (hopefully you) signed up for the H2HMem Leaderboard with this address.\n\n` +
      `To confirm it, open the link below and enter the password you chose. The link works once, within 24 hours:\n\n${link}\n\n` +
      `If you did not sign up, ignore this mail: no account is activated without that password.` +
      FOOTER,
  };
}

export function alreadyRegisteredMail(to: string): Mail {
  return {
    to,
    subject: "Your H2HMem Leaderboard account",
    text:
      `Someone tried to sign up for the H2HMem Leaderboard with this address, which already has an account.\n\n` +
      `If it was you, sign in instead: ${siteUrl("/signin")}\n` +
      `If it was not you, you can ignore this mail; your account was not changed.` +
      FOOTER,
  };
}

export function welcomeMail(to: string): Mail {
  return {
    to,
    subject: "Welcome to the H2HMem Leaderboard",
    text: `Your account is ready. Sign in at ${siteUrl("/signin")} to submit predictions.` + FOOTER,
  };
}
