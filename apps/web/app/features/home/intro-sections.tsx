import { Grid, Stack, Text, Title } from '@mantine/core';
import type { Home } from '@pool/contracts/content';
import { StoredImage } from '../../components/stored-image.tsx';
import classes from './home.module.css';

type Intro = Home['intros'][number];

/** Intro pages: image beside title and description, alternating sides on wide screens. */
export function IntroSections({ intros }: { intros: Intro[] }) {
  return (
    <Stack gap={48}>
      {intros.map((intro, i) => (
        <Grid
          key={intro.id}
          component="article"
          gap={{ base: 'md', md: 48 }}
          align="center"
          aria-labelledby={`intro-${intro.id}`}
        >
          <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: i % 2 ? 2 : 1 }}>
            <StoredImage
              src={intro.image}
              alt=""
              width={800}
              height={600}
              sizes="(min-width: 62em) 600px, 100vw"
              className={classes.introImage}
              frameClassName={classes.picture}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: i % 2 ? 1 : 2 }}>
            <Stack gap="sm">
              <Title order={3} fz={{ base: 'h3', md: 'h2' }} id={`intro-${intro.id}`}>
                {intro.title}
              </Title>
              <Text c="dimmed" fz={{ base: 'md', md: 'lg' }} lh={1.9}>
                {intro.description}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      ))}
    </Stack>
  );
}
