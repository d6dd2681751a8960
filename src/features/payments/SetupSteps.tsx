import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { SETUP_STEPS, setupMinutes } from '../../../server/domains/payments/rules';

/** The setup steps still to do with their minutes, and the total (spec 2 §9). */
export function SetupSteps({ steps }: { steps: readonly string[] }) {
  const todo = SETUP_STEPS.filter((s) => steps.includes(s.key));
  if (todo.length === 0) return null;
  return (
    <>
      <Typography>About {setupMinutes(steps)} minutes:</Typography>
      <List dense aria-label="Setup steps">
        {todo.map((s, i) => (
          <ListItem key={s.key} disableGutters>
            <ListItemText primary={`${i + 1}. ${s.label}`} secondary={`${s.minutes} min`} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
