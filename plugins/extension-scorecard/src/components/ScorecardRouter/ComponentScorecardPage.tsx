import { useParams } from 'react-router-dom';
import { Content, Header, Link, Page } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { parseEntityRef } from '@backstage/catalog-model';
import { rootRouteRef } from '../../routes';
import { isEntityRef } from '../../format/refs';
import { ComponentScorecard } from '../EntityTab/ComponentScorecard';

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

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
      >
        Open in the catalog
      </Link>
    );
  } catch {
    return null;
  }
};

/** One component's scorecard inside the plugin (orphans too, which have no entity page). */
export const ComponentScorecardPage = () => {
  const { componentId = '' } = useParams();
  const id = decode(componentId);
  const rootLink = useRouteRef(rootRouteRef);
  return (
    <Page themeId="tool">
      <Header title={id} type="Extension scorecard" typeLink={rootLink()}>
        {isEntityRef(id) && <CatalogLink componentId={id} />}
      </Header>
      <Content>
        <ComponentScorecard componentId={id} />
      </Content>
    </Page>
  );
};
