import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Content, Header, Link, Page } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { parseEntityRef } from '@backstage/catalog-model';
import { ComponentDetail } from '@extension-scorecard/plugin-extension-scorecard-common';
import { rootRouteRef } from '../../routes';
import { decodeParam, isEntityRef } from '../../format/refs';
import { ComponentScorecard } from '../EntityTab/ComponentScorecard';

/** The entity name of a ref, the id itself for orphans and anything unparseable. */
function nameOf(componentId: string): string {
  if (!isEntityRef(componentId)) return componentId;
  try {
    return parseEntityRef(componentId).name;
  } catch {
    return componentId;
  }
}

/*
 * On the header's coloured background: the header's own text colour (chosen by the
 * theme to contrast with it), underlined and bold so it still reads as a link.
 */
const onHeader = {
  color: 'inherit',
  textDecoration: 'underline',
  fontWeight: 'bold',
} as const;

const CatalogLink = ({ componentId }: { componentId: string }) => {
  const entityLink = useRouteRef(entityRouteRef);
  try {
    const ref = parseEntityRef(componentId);
    return (
      <Link
        to={entityLink({
          kind: ref.kind,
          namespace: ref.namespace,
          name: ref.name,
        })}
        style={onHeader}
      >
        Open in the catalog
      </Link>
    );
  } catch {
    return null;
  }
};

/**
 * One component's scorecard inside the plugin (orphans too, which have no entity page),
 * titled with the entity's title (or name) and its ref as subtitle.
 */
export const ComponentScorecardPage = () => {
  const { componentId = '' } = useParams();
  const id = decodeParam(componentId);
  const rootLink = useRouteRef(rootRouteRef);
  const [title, setTitle] = useState<string | undefined>();
  const onDetail = useCallback(
    (detail: ComponentDetail) =>
      setTitle(detail.title ?? detail.scorecard.name),
    [],
  );
  return (
    <Page themeId="tool">
      <Header
        title={title ?? nameOf(id)}
        subtitle={id}
        pageTitleOverride={`${title ?? nameOf(id)} · Extension scorecard`}
        type="Extension scorecard"
        typeLink={rootLink()}
      >
        {isEntityRef(id) && <CatalogLink componentId={id} />}
      </Header>
      <Content>
        <ComponentScorecard componentId={id} onDetail={onDetail} />
      </Content>
    </Page>
  );
};
