import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  CLOSED_TEXT,
  DEFAULT_HOURS,
  type OpeningHours,
  parseHoursSummary,
  summarizeHours,
  WEEKDAYS,
  type Weekday,
} from '../../../server/domains/studios/rules';

const LABEL: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** Spec 1 §2: collapsible, a checkbox and times per day, 'Closed' when unchecked, 09:00–17:00 by default. */
export function OperatingHoursEditor({ value, onChange }: { value: OpeningHours; onChange(hours: OpeningHours): void }) {
  const id = useId();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const setDay = (day: Weekday, patch: Partial<{ open: boolean; start: string; end: string }>) =>
    onChange({ ...value, [day]: { ...DEFAULT_HOURS, ...value[day], ...patch } });
  const applySummary = () => {
    const parsed = parseHoursSummary(pasted);
    if (!parsed) {
      setPasteError('Use the form "Mon-Fri 9am-5pm, Sat 10am-4pm"');
      return;
    }
    setPasteError(null);
    onChange(Object.fromEntries(WEEKDAYS.map((d) => [d, parsed[d] ?? { ...DEFAULT_HOURS, ...value[d], open: false }])));
  };
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-hours`} id={`${id}-summary`}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Operating Hours</Typography>
          <Typography variant="body2" color="text.secondary">
            {summarizeHours(value)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-hours`}>
        <Stack spacing={1.5}>
          {WEEKDAYS.map((day) => {
            const hours = value[day];
            const open = Boolean(hours?.open);
            return (
              <Stack key={day} direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <FormControlLabel
                  sx={{ width: 140 }}
                  control={<Checkbox checked={open} onChange={(e) => setDay(day, { open: e.target.checked })} />}
                  label={LABEL[day]}
                />
                {open ? (
                  <>
                    <TextField
                      type="time"
                      size="small"
                      label={`${LABEL[day]} opens`}
                      value={hours?.start ?? DEFAULT_HOURS.start}
                      onChange={(e) => setDay(day, { start: e.target.value })}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <TextField
                      type="time"
                      size="small"
                      label={`${LABEL[day]} closes`}
                      value={hours?.end ?? DEFAULT_HOURS.end}
                      onChange={(e) => setDay(day, { end: e.target.value })}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </>
                ) : (
                  <Typography color="text.secondary">{CLOSED_TEXT}</Typography>
                )}
              </Stack>
            );
          })}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label="Or type hours"
              placeholder="Mon-Fri 9am-5pm, Sat 10am-4pm"
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              error={Boolean(pasteError)}
              helperText={pasteError ?? ' '}
              sx={{ flexGrow: 1 }}
            />
            <Button onClick={applySummary} variant="outlined">
              Apply
            </Button>
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
