import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TextLink } from '../../components/links';

// The Terms of Service and the Privacy Policy. What the Privacy Policy says about keeping and
// deleting data is what the code does (sessions: server/auth/sessions.ts; one-time links:
// server/domains/auth; images: server/domains/images; shop cleanup: server/domains/maintenance);
// change the text when that code changes.

const UPDATED = 'November 26, 2026';

type Section = { heading: string; body: ReactNode };

function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: Section[] }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 }, overflowWrap: 'anywhere' }}>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Last updated {UPDATED}
      </Typography>
      <Typography sx={{ mb: 3 }}>{intro}</Typography>
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 4 }}>
          <Typography variant="h2" gutterBottom sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' } }}>
            {section.heading}
          </Typography>
          <Box sx={{ '& p': { mb: 1.5, lineHeight: 1.7 }, '& ul': { pl: 3, my: 1.5 }, '& li': { mb: 1, lineHeight: 1.6 } }}>
            {section.body}
          </Box>
        </Box>
      ))}
    </Container>
  );
}

const contact = <TextLink to="/contact">contact page</TextLink>;

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <>
          These terms are the agreement between you and InkLink when you use the site: to find artists and studios, to show your work, to
          book, to message, to buy and to sell. By creating an account or using InkLink you accept them.
        </>
      }
      sections={[
        {
          heading: 'Your account',
          body: (
            <>
              <p>
                You need an account to message, book, buy or sell. Give true details, keep your password to yourself and tell us through the{' '}
                {contact} if you think someone else is using your account. You are responsible for what is done with it.
              </p>
              <p>You must be old enough to get tattooed where you live, and at least 18, to book a tattoo through InkLink.</p>
            </>
          ),
        },
        {
          heading: 'What you post',
          body: (
            <>
              <p>
                Portfolio pieces, flash, banners, messages, reference photos and reviews stay yours. You give InkLink the right to store
                them, resize them and show them to the people they are meant for (everyone for portfolio and flash; only the other party for
                message and booking photos) for as long as they are on InkLink.
              </p>
              <p>
                Post only work you made or have the right to share. No harassment, hate, spam, or images of people without their consent. We
                may remove content or close accounts that break these rules.
              </p>
            </>
          ),
        },
        {
          heading: 'Bookings between clients and artists',
          body: (
            <>
              <p>
                InkLink lets clients and artists arrange appointments; the tattoo itself is an agreement between the client and the artist
                or studio. Artists set their own prices, deposits and cancellation policies, and show them before you book. Health, safety
                and licensing at the studio are the artist&apos;s and studio&apos;s responsibility.
              </p>
            </>
          ),
        },
        {
          heading: 'Payments, shop orders and subscriptions',
          body: (
            <>
              <p>
                Payments are processed by Stripe. Deposits and payment requests go to the artist; shop orders go to the seller. Sellers ship
                what they sell, describe it truthfully and handle returns under their own policy. Refunds are made by the seller or artist
                through InkLink.
              </p>
              <p>
                Paid plans for artists and studios renew until you cancel them in your account; cancelling stops the next renewal and keeps
                the plan until the end of the period already paid.
              </p>
            </>
          ),
        },
        {
          heading: 'Ending your account',
          body: (
            <p>
              You can ask us to delete your account at any time (see the <TextLink to="/privacy">Privacy Policy</TextLink>). We may suspend
              or close accounts that break these terms.
            </p>
          ),
        },
        {
          heading: 'Liability',
          body: (
            <p>
              InkLink is provided as it is. We work to keep it available and your data safe, but we are not liable for the work done at a
              studio, for disputes between users, or for losses beyond what the law does not allow us to exclude.
            </p>
          ),
        },
        {
          heading: 'Changes and contact',
          body: (
            <p>
              When these terms change, we update the date at the top of this page, and tell account holders about important changes.
              Questions go through the {contact}.
            </p>
          ),
        },
      ]}
    />
  );
}

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          This page says what InkLink keeps about you, why, for how long, who else sees it, and how to have it deleted. We do not sell your
          data and we do not show advertising.
        </>
      }
      sections={[
        {
          heading: 'What we keep',
          body: (
            <ul>
              <li>
                <strong>Account:</strong> your e-mail address, display name, first and last name, a hash of your password (never the
                password itself) or the Google account you sign in with, and your roles (client, artist, studio owner).
              </li>
              <li>
                <strong>Profile:</strong> what you choose to show: bio, city and state, styles, social links, your portfolio, flash, avatar
                and banner images, and for studios the address, opening hours and members.
              </li>
              <li>
                <strong>Messages and photos:</strong> the conversations you take part in and the photos sent in them or attached to booking
                requests. These photos are private: only the people in that conversation or booking can open them.
              </li>
              <li>
                <strong>Bookings:</strong> requests, appointments, their times, notes, deposits and their history, and your calendar
                connection if you link a Google Calendar.
              </li>
              <li>
                <strong>Orders:</strong> what you bought or sold, the shipping address, tracking numbers and the order&apos;s history.
              </li>
              <li>
                <strong>Payment data:</strong> card numbers are held by Stripe, our payment processor, not by us. We keep Stripe&apos;s
                reference to your customer and payment methods, the card brand and last four digits, and the amounts and status of your
                payments, payouts and subscriptions.
              </li>
              <li>
                <strong>Sessions and devices:</strong> for each signed-in session, the browser&apos;s user agent, the IP address and when it
                was last used; a device cookie that tells us this browser has signed in before (it protects you from lock-outs); and, if you
                turn on notifications, your browser&apos;s push subscription.
              </li>
              <li>
                <strong>Notifications and e-mail:</strong> the notifications shown in your bell and the e-mails we sent you (booking
                updates, password resets, receipts).
              </li>
            </ul>
          ),
        },
        {
          heading: 'Why we keep it',
          body: (
            <p>
              To run the service you use: to show profiles and work, to deliver messages, to hold appointments without double booking, to
              take and refund payments, to ship orders, to keep your account secure, and to keep the records the law requires for payments.
            </p>
          ),
        },
        {
          heading: 'Who sees it',
          body: (
            <ul>
              <li>Everyone: your public profile, portfolio, flash, banner, studio pages, storefronts and products.</li>
              <li>The other party only: your messages, message and booking photos, bookings and orders.</li>
              <li>
                Stripe (payments), our e-mail provider (to send e-mail) and, if you connect it, Google Calendar. InkLink administrators can
                see account details to support you and to keep the service safe.
              </li>
            </ul>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <ul>
              <li>
                <strong>Sessions:</strong> a session ends 10 days after you last used it, and at the latest 30 days after you signed in,
                whichever comes first; signing out ends it at once. The device cookie lasts a year; a password reset makes every browser
                prove itself again.
              </li>
              <li>
                <strong>Password reset links</strong> work for one hour and <strong>sign-in links</strong> for 15 minutes, once each.
              </li>
              <li>
                <strong>Images</strong> you delete are removed from storage with all their resized copies at once.
              </li>
              <li>
                <strong>Push subscriptions</strong> are removed when your browser reports them gone, and when you turn notifications off.
              </li>
              <li>
                <strong>Google Calendar:</strong> disconnecting removes the stored access and the copied events.
              </li>
              <li>
                <strong>Studios</strong> that stay inactive can be removed by the periodic shop cleanup: first hidden, then permanently
                deleted after a grace period.
              </li>
              <li>
                <strong>Everything else</strong> (account, profile, messages, bookings, orders, payments, notifications) is kept while your
                account exists, so that both parties keep their history and payment records stay complete.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Deleting your account',
          body: (
            <>
              <p>
                There is no delete button in the app yet. To delete your account, send a request from the {contact} with the e-mail address
                of the account. We confirm the request with you at that address and then delete the account.
              </p>
              <p>
                From that moment you are signed out everywhere and cannot sign in, and your artist profile no longer appears in search or
                takes bookings. Messages you sent stay in the other person&apos;s conversation, and orders and payments are kept as long as
                the law requires for financial records. Ask in the same request if you want your images removed too.
              </p>
            </>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You can edit your profile, delete your images, turn notification channels on and off, disconnect Google Calendar and remove
              saved cards in your account at any time. For a copy of your data, or any other privacy question, use the {contact}.
            </p>
          ),
        },
      ]}
    />
  );
}
