/**
 * The platform's default invitation templates, as the platform's admin API serves them (`GET /internal/email-templates`): wire values, kept byte for
 * byte. `test/emulator/email-defaults.test.ts` compares them with the official SDK's copy.
 */

/**
 * The team and sign-in invitation templates.
 *
 * @example
 * PLATFORM_INVITATION_TEMPLATES.map((t) => t.displayName); // ["Team Invitation", "Sign In Invitation"]
 */
export const PLATFORM_INVITATION_TEMPLATES: readonly { id: string; displayName: string; tsxSource: string }[] = [
  {
    id: "e84de395-2076-4831-9c19-8e9a96a868e4",
    displayName: "Team Invitation",
    tsxSource: `import { type } from "arktype";
import { Button, Section, Hr, Text, Heading } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";


export const variablesSchema = type({
  teamDisplayName: "string",
  teamInvitationLink: "string"
});

export function EmailTemplate({ user, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={"You have been invited to join " + variables.teamDisplayName} />
      <NotificationCategory value="Transactional" />
      <div className="font-sans text-base font-normal tracking-[0.15008px] leading-[1.5] m-0 py-8 w-full min-h-full">
        <Section className="mx-auto max-w-lg">
          <Heading as="h3" className="font-sans font-bold text-xl text-center px-6 pt-8 m-0">
            You are invited to {variables.teamDisplayName}
          </Heading>
          <p className="text-sm font-sans font-normal text-center px-6 pt-2 pb-4 m-0 opacity-80">
            Hi{user.displayName ? ", " + user.displayName : ""}! Please click the button below to join the team {variables.teamDisplayName}
          </p>
          <div className="text-center px-6 py-3">
            <Button
              href={variables.teamInvitationLink}
              className="text-black text-sm font-sans font-bold bg-[#f0f0f0] rounded-md inline-block px-5 py-3 no-underline border-0"
            >
              Join team
            </Button>
          </div>
          <div className="px-6 py-4">
            <Hr className="opacity-20" />
          </div>
          <p className="text-xs font-sans font-normal text-center px-6 pb-6 pt-1 m-0 opacity-60">
            If you were not expecting this email, you can safely ignore it.
          </p>
        </Section>
      </div>
    </>
  );
}

EmailTemplate.PreviewVariables = {
  teamDisplayName: "My Team",
  teamInvitationLink: "#"
} satisfies typeof variablesSchema.infer `,
  },
  {
    id: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
    displayName: "Sign In Invitation",
    tsxSource: `import { type } from "arktype"
import { Button, Section, Hr, Text, Heading } from "@react-email/components";
import { Subject, NotificationCategory, Props } from "@stackframe/emails";

export const variablesSchema = type({
  signInInvitationLink: "string",
  teamDisplayName: "string"
})

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject
        value={"You have been invited to sign in to " + project.displayName}
      />
      <NotificationCategory value="Transactional" />

      <div className="font-sans text-base font-normal leading-normal w-full min-h-full m-0 py-8">
        <Section>
          <Heading as="h3" className="font-sans font-bold text-xl text-center pt-8 px-6 m-0">
            You are invited to sign in to {variables.teamDisplayName}
          </Heading>

          <p className="text-sm font-sans font-normal text-center pt-2 pb-4 px-6 m-0 opacity-80">
            Hi
            {user.displayName ? ", " + user.displayName : ""}! Please click on the following
            link to sign in to your account
          </p>

          <div className="text-center px-6 py-3">
            <Button
              href={variables.signInInvitationLink}
              className="text-black text-sm font-sans font-bold bg-gray-200 rounded-md inline-block py-3 px-5 no-underline border-none"
            >
              Sign in
            </Button>
          </div>

          <div className="px-6 py-4">
            <Hr className="opacity-20" />
          </div>

          <p className="text-xs font-sans font-normal text-center pt-1 pb-6 px-6 m-0 opacity-60">
            If you were not expecting this email, you can safely ignore it.
          </p>
        </Section>
      </div>
    </>
  )
}

EmailTemplate.PreviewVariables = {
  signInInvitationLink: "#",
  teamDisplayName: "My Team"
} satisfies typeof variablesSchema.infer`,
  },
];
