import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
import { errorText } from '../../../components/forms/errorText';
import { STOREFRONT_FEE_TEXT } from '../../../../server/domains/storefronts/rules';
import { trpc } from '../../../trpc';
import { BalanceFigures } from '../../payments/BalanceFigures';

/**
 * The storefront's card payments (decision 038): the fee the platform keeps on each card sale,
 * shown before cards are switched on; whether the payout account can take them, with the way to
 * set it up; and the account's balance. `accepting`: the storefront's own "Accept payments"
 * switch, off on a storefront opened before payouts were set up.
 */
export function CardPaymentsCard({ storefrontId, accepting }: { storefrontId: string; accepting: boolean }) {
  const payouts = trpc.connect.storefrontPayouts.useQuery({ storefrontId });
  const p = payouts.data;
  const whose = p?.holder === 'studio_owner' && !p.youHoldTheAccount ? "the studio owner's" : 'your';
  return (
    <Card variant="outlined" component="section" aria-label="Card payments">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            Card payments
          </Typography>
          <Typography>
            Card sales are paid into {p ? whose : 'your'} payout account. InkLink keeps <strong>{STOREFRONT_FEE_TEXT}</strong> (card
            processing and the platform's 1%); refunds give back the fee in proportion.
          </Typography>
          {payouts.error && <Alert severity="error">{errorText(payouts.error)}</Alert>}
          {p && !p.canAcceptCards && (
            <Alert severity="warning">
              Buyers cannot pay by card until payouts are set up{p.problem ? ` (${p.problem})` : ''}.{' '}
              {p.youHoldTheAccount ? (
                <ButtonLink to="/payment-setup" search={{ context: 'storefront' }} size="small">
                  Set up payouts
                </ButtonLink>
              ) : (
                'Ask the studio owner to set up payouts from their account.'
              )}
            </Alert>
          )}
          {p?.canAcceptCards && !accepting && (
            <Alert severity="info">Payouts are set up: switch on "Accept payments" below and save to take card payments.</Alert>
          )}
          {p?.canAcceptCards && accepting && (
            <Alert severity="success">Card payments are on: each sale, less the fee, goes to {whose} payout account.</Alert>
          )}
          {p?.balance && <BalanceFigures balance={p.balance} />}
          {p?.balance && p.youHoldTheAccount && (
            <div>
              <ButtonLink to="/account/$section" params={{ section: 'payments' }} size="small">
                Pay out and payout history
              </ButtonLink>
            </div>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
