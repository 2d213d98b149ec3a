package cmd

import (
	"context"
	"errors"
)

func runDashboard(ctx context.Context, f *Factory) error {
	return errors.New("the dashboard is not built yet")
}
