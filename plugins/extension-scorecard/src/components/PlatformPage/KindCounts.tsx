import Box from '@material-ui/core/Box';
import Link from '@material-ui/core/Link';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import {
  EXTENSION_KIND_INFO,
  ExtensionKind,
  PATH_CLASSES,
  PathClass,
} from '@extension-scorecard/plugin-extension-scorecard-common';

const useStyles = makeStyles(theme => ({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: theme.spacing(2),
  },
  group: {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    padding: theme.spacing(1, 1.5),
  },
  list: { margin: 0, padding: 0, listStyle: 'none' },
}));

/** What each path class means for the reader (DOMAIN.md). */
const PATH_CLASS_TITLES: Record<PathClass, string> = {
  'sync-api': 'Synchronous API path',
  'async-control': 'Asynchronous control',
  scheduling: 'Scheduling path',
  node: 'Node',
  'data-plane': 'Data plane',
};

/** Components per path class and kind; a kind filters the table when chosen. */
export const KindCounts = (props: {
  kinds: Array<{ kind: ExtensionKind; components: number }>;
  onSelectKind: (kind: ExtensionKind) => void;
}) => {
  const classes = useStyles();
  const byClass = PATH_CLASSES.map(pathClass => {
    const kinds = props.kinds.filter(
      k => EXTENSION_KIND_INFO[k.kind].pathClass === pathClass,
    );
    return {
      pathClass,
      kinds,
      total: kinds.reduce((sum, k) => sum + k.components, 0),
    };
  }).filter(group => group.kinds.length > 0);

  return (
    <div className={classes.grid}>
      {byClass.map(group => (
        <section
          key={group.pathClass}
          className={classes.group}
          aria-label={`${PATH_CLASS_TITLES[group.pathClass]}: ${
            group.total
          } components`}
        >
          <Box
            display="flex"
            justifyContent="space-between"
            alignItems="baseline"
          >
            <Typography variant="subtitle2">
              {PATH_CLASS_TITLES[group.pathClass]}
            </Typography>
            <Typography variant="h6" component="span">
              {group.total}
            </Typography>
          </Box>
          <ul className={classes.list}>
            {group.kinds.map(({ kind, components }) => (
              <li key={kind}>
                <Box display="flex" justifyContent="space-between" gridGap={8}>
                  <Link
                    component="button"
                    variant="body2"
                    onClick={() => props.onSelectKind(kind)}
                    aria-label={`Show ${EXTENSION_KIND_INFO[kind].title} components`}
                  >
                    {EXTENSION_KIND_INFO[kind].title}
                  </Link>
                  <Typography variant="body2">{components}</Typography>
                </Box>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
